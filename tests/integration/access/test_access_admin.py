"""Menu and page access administration (issue 19 point 3): the spec's calls, roles added, edited and removed, a
role's matrix reaching signed-in sessions and other API processes at once, and nobody removing their own access."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.access_admin import service
from api.access_admin.schemas import PageAccessIn, PageFlagsIn
from api.core.authz import PolicyStore
from api.core.db import make_engine
from api.core.errors import ValidationFailed
from api.core.redis import make_redis
from api.users.models import Role, User
from policies.enforcer import build_enforcer
from tests.conftest import Services, auth


def role_ids(db: Session) -> dict[str, int]:
    return {r.name: r.id for r in db.scalars(select(Role))}


def results(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()["results"]


def test_the_read_calls(client: TestClient, db: Session) -> None:
    admin, roles = auth(client, "admin"), role_ids(db)
    listed = results(client.get("/api/menu-access", params={"search": "sales"}, headers=admin))
    [sales] = listed["data"]
    assert (sales["roleName"], sales["roleDescription"], sales["users"], sales["everyPage"]) == (
        "SALES", "Sales Executive", 6, False)
    assert sales["pages"] > 5
    by_name = results(client.get("/api/menu-access", params={"sort": "roleName"}, headers=admin))["data"]
    assert [r["roleName"] for r in by_name] == sorted(r["roleName"] for r in by_name)
    assert {r["roleName"] for r in results(client.get("/api/menu-access/role-list", headers=admin))} >= {
        "ADMIN", "TOP_MANAGEMENT", "TL", "SALES", "APPROVER"}
    tree = results(client.get("/api/menu-access/menu-tree", headers=admin))
    administration = next(m for m in tree if m["label"] == "Administration")
    assert "Menu Page Access" in [m["label"] for m in administration["submenu"]]
    pages = {p["code"]: p for p in results(client.get("/api/menu-access/page-list", headers=admin))}
    assert pages["system/menu-page-access"]["name"] == "Menu Page Access"
    matrix = results(client.get(f"/api/menu-access/{roles['SALES']}", headers=admin))
    contacts = next(p for p in matrix["pages"] if p["code"] == "system/contact-management")
    assert (contacts["isRead"], contacts["isWrite"], contacts["isEdit"], contacts["isDelete"]) == (
        True, True, True, False)
    assert results(client.get(f"/api/page-access/{roles['SALES']}", headers=admin)) == matrix
    everything = results(client.get(f"/api/page-access/{roles['ADMIN']}", headers=admin))
    assert everything["role"]["everyPage"] and all(p["isDelete"] for p in everything["pages"])
    assert results(client.get(f"/api/page-access/hierarchy-whitelist-status/{roles['TOP_MANAGEMENT']}",
                              headers=admin)) == {"roleId": roles["TOP_MANAGEMENT"], "hierarchyWhitelist": True}
    assert client.get("/api/menu-access/999999", headers=admin).status_code == 404
    for path in ("/api/menu-access", "/api/menu-access/menu-tree", f"/api/page-access/{roles['SALES']}"):
        assert client.get(path, headers=auth(client, "topmanager")).status_code == 403


def test_the_demo_pages_are_given_to_no_role(client: TestClient, db: Session) -> None:
    """/sample and /pdf are the route table's demo and test pages: administrators reach them through their every-page
    line; no matrix offers them, and one that names them is refused."""
    admin, roles = auth(client, "admin"), role_ids(db)
    assert not {"sample", "pdf"} & {p["code"] for p in results(client.get("/api/menu-access/page-list", headers=admin))}
    matrix = results(client.get(f"/api/page-access/{roles['SALES']}", headers=admin))
    assert not {"sample", "pdf"} & {p["code"] for p in matrix["pages"]}
    sales1 = db.scalars(select(User).where(User.username == "sales1")).one()
    effective = results(client.get(f"/api/access/effective/{sales1.id}", headers=admin))
    assert not {"sample", "pdf"} & {p["code"] for p in effective["pages"]}
    flags = {"isRead": True, "isWrite": False, "isEdit": False, "isDelete": False}
    r = client.post("/api/page-access", headers=admin, json={
        "roleId": roles["SALES"], "pages": [*({k: p[k] for k in ("code", *flags)} for p in matrix["pages"]),
                                            {"code": "sample", **flags}]})
    assert r.status_code == 422, r.text
    assert r.json()["messages"] == ["The page 'sample' is a demo page for administrators: it is not given to a role."]
    # administrators still open them
    assert client.get("/api/pdf/sample", headers=admin).status_code == 200


def test_roles_are_added_edited_and_removed(client: TestClient, db: Session) -> None:
    admin, roles = auth(client, "admin"), role_ids(db)
    bad = client.post("/api/menu-access", json={"roleName": "9x", "roleDescription": ""}, headers=admin)
    assert bad.status_code == 422 and bad.json()["messages"] == [service.NAME_RULE, service.DESCRIPTION_REQUIRED]
    taken = client.post("/api/menu-access", json={"roleName": "sales", "roleDescription": "Again"}, headers=admin)
    assert taken.json()["messages"] == ["Role 'SALES' already exists."]
    made = results(client.post("/api/menu-access", headers=admin, json={
        "roleName": "key_account", "roleDescription": "Key Account Manager", "dashboardComponent": "SALES"}))
    role = made["role"]
    assert (role["roleName"], role["pages"], role["users"], role["hierarchyWhitelist"]) == (
        "KEY_ACCOUNT", 0, 0, False)
    assert not any(p["isRead"] for p in made["pages"])
    edited = results(client.post("/api/menu-access", headers=admin, json={
        "id": role["id"], "roleDescription": "Key Accounts", "dashboardComponent": "TL", "hierarchyWhitelist": True}))
    assert (edited["role"]["roleDescription"], edited["role"]["hierarchyWhitelist"]) == ("Key Accounts", True)
    renamed = client.post("/api/menu-access", headers=admin, json={
        "id": role["id"], "roleName": "OTHER", "roleDescription": "Key Accounts"})
    assert renamed.json()["messages"] == [service.NAME_FIXED]
    in_use = client.delete(f"/api/menu-access/{roles['SALES']}", headers=admin)
    assert in_use.status_code == 409
    assert in_use.json()["messages"] == ["6 users have the role Sales Executive: give them another role first."]
    assert client.delete(f"/api/menu-access/{roles['ADMIN']}", headers=admin).json()["messages"] == [
        service.EVERY_PAGE]
    assert client.delete(f"/api/menu-access/{role['id']}", headers=admin).status_code == 200
    assert client.get(f"/api/menu-access/{role['id']}", headers=admin).status_code == 404
    audit = results(client.get("/api/audit", params={"criteria": '[{"field": "subjectId", "value": "KEY_ACCOUNT"}]'},
                               headers=admin))["data"]
    assert [e["action"] for e in audit] == ["DELETE", "UPDATE", "CREATE"]
    assert {"field": "description", "old": "Key Account Manager", "new": "Key Accounts"} in audit[1]["changes"]
    # a removal keeps what the role was
    assert {"field": "name", "old": "KEY_ACCOUNT", "new": None} in audit[0]["changes"]
    assert {"field": "hierarchyWhitelist", "old": True, "new": None} in audit[0]["changes"]


def test_nobody_removes_their_own_access_to_this_screen(client: TestClient, db: Session) -> None:
    roles = role_ids(db)
    tl1 = db.scalars(select(User).where(User.username == "tl1")).one()
    matrix = service.role_access(session=db, role_id=roles["TL"])
    flags = [PageFlagsIn(code=p.code, is_read=p.is_read, is_write=p.is_write, is_edit=p.is_edit,
                         is_delete=p.is_delete) for p in matrix.pages]
    with pytest.raises(ValidationFailed) as refused:  # a team leader's role editing itself without this page
        service.save_page_access(session=db, actor=tl1, data=PageAccessIn(role_id=roles["TL"], pages=flags),
                                 policy=client.app.state.policy)  # type: ignore[attr-defined]
    assert refused.value.messages == [service.OWN_ACCESS]
    keeps = [f for f in flags if f.code != service.THIS_PAGE] + [
        PageFlagsIn(code=service.THIS_PAGE, is_read=True, is_edit=True)]
    saved = service.save_page_access(session=db, actor=tl1, data=PageAccessIn(role_id=roles["TL"], pages=keeps),
                                     policy=client.app.state.policy)  # type: ignore[attr-defined]
    assert next(p for p in saved.pages if p.code == service.THIS_PAGE).is_edit is True
    unknown = client.post("/api/page-access", headers=auth(client, "admin"), json={
        "roleId": roles["SALES"], "pages": [{"code": "nowhere", "isRead": True}]})
    assert unknown.status_code == 422 and unknown.json()["messages"] == ["Unknown page 'nowhere'."]


@contextmanager
def matrix_put_back(live: TestClient, database_url: str, role_name: str) -> Iterator[dict[str, Any]]:
    """The role's matrix as seeded, put back afterwards (the tests that change it commit)."""
    admin = auth(live, "admin")
    engine = make_engine(database_url)
    with Session(engine) as session:
        role_id = session.scalars(select(Role.id).where(Role.name == role_name)).one()
    engine.dispose()
    before = results(live.get(f"/api/page-access/{role_id}", headers=admin))
    try:
        yield before
    finally:
        restore = [{k: p[k] for k in ("code", "isRead", "isWrite", "isEdit", "isDelete")} for p in before["pages"]]
        results(live.post("/api/page-access", json={"roleId": role_id, "pages": restore}, headers=admin))


@pytest.fixture
def sales_matrix(live: TestClient, database_url: str) -> Iterator[dict[str, Any]]:
    with matrix_put_back(live, database_url, "SALES") as before:
        yield before


def test_a_matrix_change_reaches_signed_in_sessions_and_every_process(
        live: TestClient, services: Services, database_url: str, sales_matrix: dict[str, Any]) -> None:
    admin, sales1 = auth(live, "admin"), auth(live, "sales1")
    flags = results(live.get("/api/auth/session", headers=sales1))["pageAccess"]["system/contact-management"]
    assert flags["isDelete"] is False
    other = PolicyStore(build_enforcer(engine := make_engine(database_url)), make_redis(services.redis_url))
    assert not other.allowed("SALES", "system/contact-management", "delete")

    pages = [{k: p[k] for k in ("code", "isRead", "isWrite", "isEdit", "isDelete")} for p in sales_matrix["pages"]]
    for p in pages:
        if p["code"] == "system/contact-management":
            p["isDelete"] = True
    saved = results(live.post("/api/page-access", headers=admin,
                              json={"roleId": sales_matrix["role"]["id"], "pages": pages}))
    assert next(p for p in saved["pages"] if p["code"] == "system/contact-management")["isDelete"] is True
    # the signed-in sales person's very next request, and another API process, see it
    flags = results(live.get("/api/auth/session", headers=sales1))["pageAccess"]["system/contact-management"]
    assert flags["isDelete"] is True
    other.refresh()
    assert other.allowed("SALES", "system/contact-management", "delete")
    engine.dispose()
    audit = results(live.get("/api/audit", headers=admin, params={
        "criteria": '[{"field": "subjectId", "value": "SALES:system/contact-management"}]'}))["data"]
    assert (audit[0]["action"], audit[0]["subjectLabel"], audit[0]["changes"]) == (
        "GRANT", "Sales Executive · Contact Management", [{"field": "delete", "old": False, "new": True}])


@pytest.fixture
def tl_matrix(live: TestClient, database_url: str) -> Iterator[dict[str, Any]]:
    with matrix_put_back(live, database_url, "TL") as before:
        yield before


def test_adding_a_role_needs_write_and_editing_one_needs_edit(live: TestClient, tl_matrix: dict[str, Any]) -> None:
    admin, tl1 = auth(live, "admin"), auth(live, "tl1")
    approver = next(r for r in results(live.get("/api/menu-access/role-list", headers=admin))
                    if r["roleName"] == "APPROVER")
    same = {"id": approver["id"], "roleDescription": approver["roleDescription"],
            "dashboardComponent": approver["dashboardComponent"], "hierarchyWhitelist": approver["hierarchyWhitelist"]}
    new = {"roleName": "NOT_MADE", "roleDescription": "Not made"}

    def grant(**flags: bool) -> None:
        pages = [{k: p[k] for k in ("code", "isRead", "isWrite", "isEdit", "isDelete")} for p in tl_matrix["pages"]
                 if p["code"] != service.THIS_PAGE]
        own = {"code": service.THIS_PAGE, "isRead": True, **flags}
        results(live.post("/api/page-access", headers=admin,
                          json={"roleId": tl_matrix["role"]["id"], "pages": [*pages, own]}))

    grant(isEdit=True)
    assert live.post("/api/menu-access", json=same, headers=tl1).status_code == 200
    refused = live.post("/api/menu-access", json=new, headers=tl1)
    assert refused.status_code == 403
    assert refused.json()["messages"] == ["Your role Team Leader has no write access to Menu Page Access."]
    grant(isWrite=True)
    refused = live.post("/api/menu-access", json=same, headers=tl1)
    assert refused.status_code == 403
    assert refused.json()["messages"] == ["Your role Team Leader has no edit access to Menu Page Access."]
