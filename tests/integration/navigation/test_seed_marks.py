"""The reference seed adds a page or menu item only the first time it meets it: what an administrator removed or
renamed stays so when the seed runs again, and a new item of the seed still reaches an existing database."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.access.models import Menu, Page, SeedMark
from api.seed import seed_access
from policies import navigation
from policies.navigation import MenuSpec
from tests.conftest import auth


def labels(db: Session) -> dict[str, Menu]:
    db.expire_all()
    return {m.label: m for m in db.scalars(select(Menu))}


def test_removed_and_renamed_items_stay_so(client: TestClient, db: Session) -> None:
    admin = auth(client, "admin")
    menus = labels(db)
    assert client.delete(f"/api/menu-management/{menus['Report'].id}",
                         headers=admin).status_code == 200
    coa = menus["COA Management"]
    assert client.put(f"/api/menu-management/{coa.id}", headers=admin, json={
        "label": "Chart of Accounts", "position": "SIDEBAR", "pageCode": coa.page_code,
        "parentId": coa.parent_id}).status_code == 200
    sample = db.scalar(select(Page.id).where(Page.code == "sample"))
    assert client.delete(f"/api/page-management/{sample}", headers=admin).status_code == 200

    seed_access(db)
    db.flush()
    menus = labels(db)
    assert "Report" not in menus and "COA Management" not in menus
    assert menus["Chart of Accounts"].id == coa.id
    assert db.get(Page, "sample") is None


def test_a_new_item_reaches_an_existing_database(db: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    clients = next(s for s in navigation.MENUS if s.label == "Clients")
    coa = labels(db)["COA Management"]
    coa.label = "Chart of Accounts"  # renamed: the seed's new item still lands in the seed's group
    db.flush()
    monkeypatch.setattr(clients, "children", [*clients.children, MenuSpec("Price Book", "SIDEBAR", "book",
                                                                          "system/price-book")])
    monkeypatch.setattr("api.seed.PAGES", [*navigation.PAGES, ("system/price-book", "Price Book",
                                                               "/system/price-book")])
    seed_access(db)
    db.flush()
    menus = labels(db)
    assert db.get(Page, "system/price-book") is not None
    book = menus["Price Book"]
    assert (book.parent_id, book.page_code, book.seq) == (menus["Client Management"].parent_id,
                                                          "system/price-book", 3)
    assert "COA Management" not in menus
    seed_access(db)  # a second run adds nothing
    db.flush()
    assert len(labels(db)) == len(menus)


def test_an_older_database_is_only_marked(db: Session) -> None:
    db.execute(delete(SeedMark))
    before = {(m.id, m.label) for m in labels(db).values()}
    pages = set(db.scalars(select(Page.code)))
    seed_access(db)
    db.flush()
    assert {(m.id, m.label) for m in labels(db).values()} == before
    assert set(db.scalars(select(Page.code))) == pages
    marks = {(m.kind, m.key): m.menu_id for m in db.scalars(select(SeedMark))}
    assert marks[("MENU", "Clients > COA Management")] == labels(db)["COA Management"].id
    assert ("PAGE", "system/coa-management") in marks


def test_a_new_page_whose_route_an_administrator_took_is_left_out(
        client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    """Page urls are unique: the seed must not fail at start-up on a route an administrator's page has."""
    made = client.post("/api/page-management", headers=auth(client, "admin"),
                       json={"code": "system/pricing", "name": "Pricing", "url": "/system/price-book"})
    assert made.status_code == 200, made.text
    monkeypatch.setattr("api.seed.PAGES", [*navigation.PAGES, ("system/price-book", "Price Book",
                                                               "/system/price-book")])
    seed_access(db)
    db.flush()
    assert db.get(Page, "system/price-book") is None
    assert db.get(Page, "system/pricing").url == "/system/price-book"  # type: ignore[union-attr]
