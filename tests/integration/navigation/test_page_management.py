"""Page management (system/page-management): the paged list, one page with who has access, adding, editing and
removing a page (its policy lines and menu items go with it), administration's own pages kept, and the audit."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.access.models import CasbinRule, Menu, Page
from api.navigation_admin import pages as service
from tests.conftest import auth

URL = "/api/page-management"


def results(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()["results"]


def page_id(db: Session, code: str) -> int:
    return int(db.scalar(select(Page.id).where(Page.code == code)))  # type: ignore[arg-type]


def audit_of(client: TestClient, **criteria: Any) -> list[dict[str, Any]]:
    found = [{"field": k, "value": v} for k, v in criteria.items()]
    return results(client.get("/api/audit", params={"criteria": json.dumps(found), "limit": 100},  # type: ignore[no-any-return]
                              headers=auth(client, "admin")))["data"]


class TestList:
    def test_anonymous_and_other_roles_are_refused(self, client: TestClient) -> None:
        assert client.get(URL).status_code == 401
        assert client.get(URL, headers=auth(client, "topmanager")).status_code == 403

    def test_paged_searched_and_sorted(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        found = results(client.get(URL, params={"search": "client-manage"}, headers=admin))
        assert found["totalRows"] == 1
        [row] = found["data"]
        # every role but the approver reads Client Management; one menu item opens it
        assert (row["code"], row["name"], row["url"], row["roles"], row["menuItems"]) == (
            "system/client-management", "Client Management", "/system/client-management", 4, 1)
        first = results(client.get(URL, params={"limit": 5, "sort": "code"}, headers=admin))
        assert len(first["data"]) == 5 and first["totalRows"] > 30
        every = results(client.get(URL, params={"limit": 100, "sort": "code", "desc": True}, headers=admin))["data"]
        assert [r["code"] for r in every] == sorted((r["code"] for r in every), reverse=True)
        by_roles = results(client.get(URL, params={"limit": 100, "sort": "roles"}, headers=admin))["data"]
        assert [r["roles"] for r in by_roles] == sorted(r["roles"] for r in by_roles)
        bad = client.get(URL, params={"sort": "secret"}, headers=admin)
        assert bad.status_code == 422


class TestGet:
    def test_refused_absent_and_found(self, client: TestClient, db: Session) -> None:
        target = f"{URL}/{page_id(db, 'system/contact-management')}"
        assert client.get(target).status_code == 401
        assert client.get(target, headers=auth(client, "sales1")).status_code == 403
        assert client.get(f"{URL}/999999", headers=auth(client, "admin")).status_code == 404
        page = results(client.get(target, headers=auth(client, "admin")))
        assert (page["code"], page["name"], page["protected"]) == (
            "system/contact-management", "Contact Management", False)
        assert [(m["label"], m["path"]) for m in page["menuItems"]] == [
            ("Contact Management", ["Clients", "Contact Management"])]
        access = {a["roleName"]: a for a in page["access"]}
        assert (access["SALES"]["isRead"], access["SALES"]["isWrite"], access["SALES"]["isEdit"],
                access["SALES"]["isDelete"]) == (True, True, True, False)
        assert all(access["ADMIN"][f] for f in ("isRead", "isWrite", "isEdit", "isDelete"))
        assert not access["APPROVER"]["isRead"]
        own = results(client.get(f"{URL}/{page_id(db, service.THIS_PAGE)}", headers=auth(client, "admin")))
        assert own["protected"]


class TestCreate:
    def test_refused(self, client: TestClient) -> None:
        body = {"code": "system/foo", "name": "Foo"}
        assert client.post(URL, json=body).status_code == 401
        assert client.post(URL, json=body, headers=auth(client, "topmanager")).status_code == 403

    def test_each_rule(self, client: TestClient) -> None:
        admin = auth(client, "admin")

        def messages(body: dict[str, Any]) -> list[str]:
            r = client.post(URL, json=body, headers=admin)
            assert r.status_code == 422, r.text
            return r.json()["messages"]  # type: ignore[no-any-return]

        assert messages({}) == [service.CODE_REQUIRED, service.NAME_REQUIRED]
        assert messages({"code": "System/Foo", "name": "x" * 121, "url": "foo"}) == [
            service.CODE_RULE, service.NAME_RULE, service.URL_RULE]
        assert messages({"code": "system//foo", "name": "Foo"}) == [service.CODE_RULE]
        assert messages({"code": "system/foo bar", "name": "Foo", "url": "/a b"}) == [
            service.CODE_RULE, service.URL_RULE]
        assert messages({"code": "system/coa-management", "name": "Foo"}) == [
            "Page 'system/coa-management' already exists."]
        assert messages({"code": "system/foo", "name": "Foo", "url": "/system/coa-management"}) == [
            "The URL /system/coa-management is already the page COA Management (system/coa-management)."]
        assert not audit_of(client, subject="PAGE")

    def test_added_then_edited(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        page = results(client.post(URL, json={"code": " system/price-book ", "name": " Price Book ",
                                              "url": "/system/price-book"}, headers=admin))
        assert (page["code"], page["name"], page["url"], page["menuItems"]) == (
            "system/price-book", "Price Book", "/system/price-book", [])
        access = {a["roleName"]: a["isRead"] for a in page["access"]}
        assert access["ADMIN"] and not access["SALES"]  # only the wildcard line reaches a new page
        [created] = audit_of(client, subject="PAGE", subjectId="system/price-book")
        assert created["action"] == "CREATE" and {"field": "url", "old": None, "new": "/system/price-book"} in \
            created["changes"]
        target = f"{URL}/{page['id']}"
        assert client.put(target, json={"name": "X"}).status_code == 401
        assert client.put(target, json={"name": "X"}, headers=auth(client, "tl1")).status_code == 403
        assert client.put(f"{URL}/999999", json={"name": "X"}, headers=admin).status_code == 404
        fixed = client.put(target, json={"code": "system/prices", "name": ""}, headers=admin)
        assert fixed.status_code == 422 and fixed.json()["messages"] == [service.CODE_FIXED, service.NAME_REQUIRED]
        edited = results(client.put(target, json={"code": "system/price-book", "name": "Price List", "url": ""},
                                    headers=admin))
        assert (edited["name"], edited["url"]) == ("Price List", None)
        entries = audit_of(client, subject="PAGE", subjectId="system/price-book")
        assert [e["action"] for e in entries] == ["UPDATE", "CREATE"]
        assert entries[0]["changes"] == [{"field": "name", "old": "Price Book", "new": "Price List"},
                                         {"field": "url", "old": "/system/price-book", "new": None}]


class TestDelete:
    def test_refused_absent_and_protected(self, client: TestClient, db: Session) -> None:
        target = f"{URL}/{page_id(db, 'system/coa-management')}"
        assert client.delete(target).status_code == 401
        assert client.delete(target, headers=auth(client, "tl1")).status_code == 403
        admin = auth(client, "admin")
        assert client.delete(f"{URL}/999999", headers=admin).status_code == 404
        for code in service.PROTECTED:
            r = client.delete(f"{URL}/{page_id(db, code)}", headers=admin)
            assert r.status_code == 409 and r.json()["messages"] == [service.PROTECTED_PAGE]

    def test_removes_policy_lines_and_menu_items(self, client: TestClient, db: Session) -> None:
        admin = auth(client, "admin")
        code = "system/client-management"
        assert db.scalars(select(CasbinRule).where(CasbinRule.v1 == code)).first() is not None
        before = client.get("/api/auth/session", headers=auth(client, "tl1")).json()["results"]
        assert before["pageAccess"][code]["isRead"]
        assert results(client.delete(f"{URL}/{page_id(db, code)}", headers=admin)) is None
        db.expire_all()
        assert db.get(Page, code) is None
        assert db.scalars(select(CasbinRule).where(CasbinRule.v1 == code)).first() is None
        assert db.scalars(select(Menu).where(Menu.label == "Client Management")).first() is None
        after = client.get("/api/auth/session", headers=auth(client, "tl1")).json()["results"]
        assert code not in after["pageAccess"] and "/system/client-management" not in after["routes"]
        [entry] = audit_of(client, subject="PAGE", subjectId=code, action="DELETE")
        changes = {c["field"]: c["old"] for c in entry["changes"]}
        assert changes["name"] == "Client Management" and changes["menu items"] == ["Client Management"]
        assert "p, TL, system/client-management, read" in changes["policy lines"]
