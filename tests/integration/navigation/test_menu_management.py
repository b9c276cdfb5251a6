"""Menu management (system/menu-management): the whole tree, adding, editing, moving and removing items, cycles and
groups with items refused, the audit, and a change showing in another user's session on their next call."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from api.access.models import Menu
from api.core.db import make_engine
from api.navigation_admin import menus as service
from api.navigation_admin import repository
from api.navigation_admin.schemas import MenuMove
from api.users.models import User
from tests.conftest import auth

URL = "/api/menu-management"


def results(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()["results"]


def find(items: list[dict[str, Any]], label: str) -> dict[str, Any]:
    for item in items:
        if item["label"] == label:
            return item
        found = find(item["submenu"], label) if item["submenu"] else None
        if found:
            return found
    return {}


def tree(client: TestClient) -> list[dict[str, Any]]:
    return results(client.get(URL, headers=auth(client, "admin")))  # type: ignore[no-any-return]


def audit_of(client: TestClient, **criteria: Any) -> list[dict[str, Any]]:
    found = [{"field": k, "value": v} for k, v in criteria.items()]
    return results(client.get("/api/audit", params={"criteria": json.dumps(found), "limit": 100},  # type: ignore[no-any-return]
                              headers=auth(client, "admin")))["data"]


def session_of(client: TestClient, username: str) -> list[dict[str, Any]]:
    return results(client.get("/api/auth/session", headers=auth(client, username)))["navigations"]  # type: ignore[no-any-return]


class TestTree:
    def test_refused_and_whole(self, client: TestClient) -> None:
        assert client.get(URL).status_code == 401
        assert client.get(URL, headers=auth(client, "topmanager")).status_code == 403
        items = tree(client)
        clients = find(items, "Clients")
        assert (clients["pageCode"], clients["url"], clients["position"]) == (None, None, "SIDEBAR")
        assert [m["label"] for m in clients["submenu"]] == ["Client Management", "Contact Management",
                                                            "COA Management"]
        coa = clients["submenu"][2]
        assert (coa["pageCode"], coa["pageName"], coa["opens"], coa["icon"], coa["parentId"], coa["seq"]) == (
            "system/coa-management", "COA Management", "/system/coa-management", "account-book", clients["id"], 2)


class TestCreate:
    def test_refused(self, client: TestClient) -> None:
        assert client.post(URL, json={"label": "X"}).status_code == 401
        assert client.post(URL, json={"label": "X"}, headers=auth(client, "tl1")).status_code == 403

    def test_each_rule(self, client: TestClient) -> None:
        admin = auth(client, "admin")

        def messages(body: dict[str, Any]) -> list[str]:
            r = client.post(URL, json=body, headers=admin)
            assert r.status_code == 422, r.text
            return r.json()["messages"]  # type: ignore[no-any-return]

        assert messages({"label": " "}) == [service.LABEL_REQUIRED]
        assert messages({"label": "x" * 81, "icon": "i" * 61, "pageCode": "leads", "url": "/x"}) == [
            service.LABEL_RULE, service.ICON_RULE, service.PAGE_OR_URL]
        assert messages({"label": "X", "pageCode": "nope"}) == ["Unknown page 'nope'."]
        assert messages({"label": "X", "url": "https://example.com"}) == [service.URL_RULE]
        assert messages({"label": "X", "parentId": 999999}) == [service.PARENT_NOT_FOUND]
        assert client.post(URL, json={"label": "X", "position": "LEFT"}, headers=admin).status_code == 422
        assert not audit_of(client, subject="MENU")

    def test_added_last_under_its_parent_and_seen_by_others(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        clients = find(tree(client), "Clients")
        items = results(client.post(URL, json={"label": " Price Book ", "position": "SIDEBAR", "icon": "book",
                                               "url": "/system/client-management/price-book",
                                               "parentId": clients["id"]}, headers=admin))
        added = find(items, "Clients")["submenu"][-1]
        assert (added["label"], added["seq"], added["opens"]) == ("Price Book", 3,
                                                                  "/system/client-management/price-book")
        group = results(client.post(URL, json={"label": "Empty Group", "position": "TOP"}, headers=admin))[-1]
        assert (group["label"], group["pageCode"], group["url"]) == ("Empty Group", None, None)
        assert "Price Book" in [m["label"] for m in find(session_of(client, "tl1"), "Clients")["submenu"]]
        assert not find(session_of(client, "tl1"), "Empty Group")  # an empty group is nobody's menu
        [entry] = audit_of(client, subject="MENU", subjectId=str(added["id"]))
        assert entry["action"] == "CREATE" and {"field": "parent", "old": None, "new": "Clients"} in entry["changes"]


class TestUpdate:
    def test_refused_absent_and_edited(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        coa = find(tree(client), "Client Management")
        body = {"label": "Customers", "position": "BOTH", "icon": "shop", "pageCode": "system/client-management",
                "parentId": coa["parentId"]}
        assert client.put(f"{URL}/{coa['id']}", json=body).status_code == 401
        assert client.put(f"{URL}/{coa['id']}", json=body, headers=auth(client, "tl1")).status_code == 403
        assert client.put(f"{URL}/999999", json=body, headers=admin).status_code == 404
        under = client.put(f"{URL}/{coa['parentId']}", json={"label": "Clients", "parentId": coa["id"]},
                           headers=admin)
        assert under.status_code == 422 and under.json()["messages"] == [service.UNDER_ITSELF]
        assert client.put(f"{URL}/{coa['id']}", json={**body, "label": ""}, headers=admin).json()["messages"] == [
            service.LABEL_REQUIRED]
        before = find(session_of(client, "tl1"), "Client Management")
        assert before["position"] == "SIDEBAR"
        edited = find(results(client.put(f"{URL}/{coa['id']}", json=body, headers=admin)), "Customers")
        assert (edited["position"], edited["seq"]) == ("BOTH", 0)
        # another signed-in user's menus change on their next session call
        seen = find(session_of(client, "tl1"), "Customers")
        assert (seen["id"], seen["position"], seen["url"]) == (coa["id"], "BOTH", "/system/client-management")
        assert not find(session_of(client, "tl1"), "Client Management")
        [entry] = audit_of(client, subject="MENU", subjectId=str(coa["id"]))
        assert entry["action"] == "UPDATE" and entry["changes"] == [
            {"field": "label", "old": "Client Management", "new": "Customers"},
            {"field": "position", "old": "SIDEBAR", "new": "BOTH"}]


class TestMove:
    def test_refused_absent_cycle_and_moved(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        items = tree(client)
        sales, clients = find(items, "Sales"), find(items, "Clients")
        contact = find(items, "Contact Management")
        target = f"{URL}/{contact['id']}/move"
        assert client.put(target, json={"parentId": sales["id"], "index": 0}).status_code == 401
        assert client.put(target, json={"parentId": sales["id"]}, headers=auth(client, "tl1")).status_code == 403
        assert client.put(f"{URL}/999999/move", json={}, headers=admin).status_code == 404
        for parent in (clients["id"], contact["id"]):
            r = client.put(f"{URL}/{clients['id']}/move", json={"parentId": parent}, headers=admin)
            assert r.status_code == 422 and r.json()["messages"] == [service.UNDER_ITSELF]
        gone = client.put(target, json={"parentId": 999999}, headers=admin)
        assert gone.status_code == 422 and gone.json()["messages"] == [service.PARENT_NOT_FOUND]
        moved = results(client.put(target, json={"parentId": sales["id"], "index": 1}, headers=admin))
        assert [m["label"] for m in find(moved, "Sales")["submenu"]][:3] == [
            "Leads Management", "Contact Management", "Leads Monitoring"]
        assert [(m["label"], m["seq"]) for m in find(moved, "Clients")["submenu"]] == [
            ("Client Management", 0), ("COA Management", 1)]
        assert [m["seq"] for m in find(moved, "Sales")["submenu"]] == list(range(8))
        top = results(client.put(target, json={"parentId": None, "index": 0}, headers=admin))
        assert top[0]["label"] == "Contact Management"
        assert session_of(client, "tl1")[0]["label"] == "Contact Management"
        entries = audit_of(client, subject="MENU", subjectId=str(contact["id"]), action="MOVE")
        assert {"field": "parent", "old": "Clients", "new": "Sales"} in entries[-1]["changes"]


class TestDelete:
    def test_refused_absent_group_with_items_and_removed(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        items = tree(client)
        clients, coa = find(items, "Clients"), find(items, "COA Management")
        assert client.delete(f"{URL}/{coa['id']}").status_code == 401
        assert client.delete(f"{URL}/{coa['id']}", headers=auth(client, "tl1")).status_code == 403
        assert client.delete(f"{URL}/999999", headers=admin).status_code == 404
        full = client.delete(f"{URL}/{clients['id']}", headers=admin)
        assert full.status_code == 409 and full.json()["messages"] == ["Move or remove its 3 items first."]
        assert results(client.delete(f"{URL}/{coa['id']}", headers=admin)) is None
        assert [m["label"] for m in find(tree(client), "Clients")["submenu"]] == [
            "Client Management", "Contact Management"]
        [entry] = audit_of(client, subject="MENU", subjectId=str(coa["id"]))
        assert entry["action"] == "DELETE" and {"field": "label", "old": "COA Management", "new": None} in \
            entry["changes"]


def test_a_change_holds_the_menu_tree_until_it_commits(database_url: str) -> None:
    """Two administrators' moves are one after the other: the second waits for the first to commit, then reads the
    tree with the first move in it before checking its own for a cycle. (The service commits: here its commit is a
    savepoint inside the test's own transaction, which holds the lock as a request's does until it commits, and is
    rolled back after.)"""
    engine = make_engine(database_url)
    try:
        with engine.connect() as held, engine.connect() as second:
            outer = held.begin()
            first = Session(bind=held, join_transaction_mode="create_savepoint")
            admin = first.scalar(select(User).where(User.username == "admin"))
            menus = {m.label: m for m in first.scalars(select(Menu))}
            assert admin is not None
            service.move_menu(session=first, actor=admin, menu_id=menus["Clients"].id,
                              data=MenuMove(parent_id=menus["Sales"].id, index=0))
            taken = second.scalar(text("SELECT pg_try_advisory_xact_lock(:key)"),
                                  {"key": repository.MENU_TREE_LOCK})
            assert taken is False  # the second administrator waits here
            first.close()
            outer.rollback()
            assert second.scalar(text("SELECT pg_try_advisory_xact_lock(:key)"),
                                 {"key": repository.MENU_TREE_LOCK}) is True
            second.rollback()
    finally:
        engine.dispose()
