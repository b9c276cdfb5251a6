"""Chart of accounts calls (/coa-management) and the cost sheet's chart-of-accounts list."""

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.coa.models import ChartOfAccount
from api.coa.seed import COST, REVENUE, seed_chart_of_accounts
from tests.conftest import auth

SEEDED = len(REVENUE) + len(COST)
BASE = "/api/coa-management"


@pytest.fixture
def admin(client: TestClient) -> dict[str, str]:
    return auth(client, "admin")


@pytest.fixture
def body() -> dict[str, Any]:
    return {"code": "4-9001", "item": "Network Audit Service",
            "description": "One-off audit of the customer's LAN and WAN with a written report.",
            "keywords": "audit, network, assessment", "type": "REVENUE"}


def add(client: TestClient, headers: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(BASE, json=body, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["results"]


def listing(client: TestClient, headers: dict[str, str], **params: Any) -> dict[str, Any]:
    r = client.get(BASE, params=params, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["results"]


class TestList:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        r = client.get(BASE)
        assert r.status_code == 401
        assert r.json()["messages"] == ["You are not signed in."]

    def test_sales_may_not_read_the_admin_list(self, client: TestClient) -> None:
        r = client.get(BASE, headers=auth(client, "sales1"))
        assert r.status_code == 403
        assert r.json()["messages"] == ["Your role Sales Executive has no read access to COA Management."]

    def test_top_management_may_read(self, client: TestClient) -> None:
        assert listing(client, auth(client, "topmanager"))["totalRows"] == SEEDED

    def test_first_page_of_ten_sorted_by_code(self, client: TestClient, admin: dict[str, str]) -> None:
        page = listing(client, admin)
        assert page["totalRows"] == SEEDED
        assert [row["code"] for row in page["data"]] == [code for code, *_ in REVENUE[:10]]
        first = page["data"][0]
        assert first["item"] == first["name"] == "Managed Services Revenue"
        assert first["type"] == "REVENUE"
        assert set(first) >= {"id", "code", "name", "item", "description", "keywords", "type"}

    def test_offset_and_limit(self, client: TestClient, admin: dict[str, str]) -> None:
        page = listing(client, admin, offset=35, limit=10)
        assert page["totalRows"] == SEEDED
        assert [row["code"] for row in page["data"]] == [code for code, *_ in COST[15:20]]

    def test_search_is_lower_cased_over_code_name_description_and_keywords(
            self, client: TestClient, admin: dict[str, str]) -> None:
        by_keyword = listing(client, admin, search="LEMBUR")
        assert [row["code"] for row in by_keyword["data"]] == ["5-1019"]
        by_name = listing(client, admin, search="cloud infrastructure")
        assert [row["code"] for row in by_name["data"]] == ["5-1004"]
        by_description = listing(client, admin, search="SmartNet")
        assert [row["code"] for row in by_description["data"]] == ["5-1010"]
        by_code = listing(client, admin, search="4-101")
        assert by_code["totalRows"] == 10  # 4-1010 .. 4-1019
        assert all(row["code"].startswith("4-101") for row in by_code["data"])

    def test_search_treats_percent_literally(self, client: TestClient, admin: dict[str, str]) -> None:
        assert listing(client, admin, search="%")["totalRows"] == 0

    def test_criteria_by_type(self, client: TestClient, admin: dict[str, str]) -> None:
        page = listing(client, admin, criteria=json.dumps([{"field": "type", "value": "COST"}]), limit=100)
        assert page["totalRows"] == len(COST)
        assert {row["type"] for row in page["data"]} == {"COST"}

    def test_unknown_criteria_field_is_422(self, client: TestClient, admin: dict[str, str]) -> None:
        r = client.get(BASE, params={"criteria": json.dumps([{"field": "isActive", "value": False}])},
                       headers=admin)
        assert r.status_code == 422
        assert r.json()["messages"] == ["Unknown criteria field 'isActive'. Allowed: type."]

    @pytest.mark.parametrize("sort", ["code", "name", "description", "keywords"])
    def test_every_allowed_sort_field(self, client: TestClient, admin: dict[str, str], sort: str) -> None:
        ascending = [row["id"] for row in listing(client, admin, sort=sort, limit=100)["data"]]
        descending = [row["id"] for row in listing(client, admin, sort=sort, desc=True, limit=100)["data"]]
        assert len(ascending) == SEEDED and descending == ascending[::-1]
        first = listing(client, admin, sort=sort, limit=1)["data"][0]
        expected = {"code": "4-1001", "name": "Backup & Disaster Recovery Service",
                    "description": "24x7 network operations centre monitoring of customer network devices and links.",
                    "keywords": "backup, disaster recovery, draas, baas, replication"}[sort]
        assert first[sort] == expected

    def test_sort_by_type(self, client: TestClient, admin: dict[str, str]) -> None:
        types = [row["type"] for row in listing(client, admin, sort="type", desc=True, limit=100)["data"]]
        assert types == ["REVENUE"] * len(REVENUE) + ["COST"] * len(COST)

    def test_other_sort_fields_are_refused(self, client: TestClient, admin: dict[str, str]) -> None:
        r = client.get(BASE, params={"sort": "isActive"}, headers=admin)
        assert r.status_code == 422
        assert r.json()["messages"] == [
            "Unknown sort field 'isActive'. Allowed: code, description, keywords, name, type."]

    def test_type_list(self, client: TestClient, admin: dict[str, str]) -> None:
        r = client.get(f"{BASE}/type", headers=admin)
        assert r.status_code == 200
        assert r.json()["results"] == [{"type": "REVENUE"}, {"type": "COST"}]


class TestGet:
    def test_one_entry(self, client: TestClient, admin: dict[str, str], body: dict[str, Any]) -> None:
        created = add(client, admin, body)
        r = client.get(f"{BASE}/{created['id']}", headers=admin)
        assert r.status_code == 200
        assert r.json()["results"] == created

    def test_absent_is_404(self, client: TestClient, admin: dict[str, str]) -> None:
        r = client.get(f"{BASE}/999999", headers=admin)
        assert r.status_code == 404
        assert r.json()["messages"] == ["COA not found."]


class TestCreate:
    def test_create_trims_and_normalises_the_type(self, client: TestClient, admin: dict[str, str],
                                                   body: dict[str, Any]) -> None:
        created = add(client, admin, {**body, "code": " 4-9001 ", "item": " Network Audit Service ",
                                      "type": "revenue"})
        assert {k: created[k] for k in ("code", "name", "item", "type")} == {
            "code": "4-9001", "name": "Network Audit Service", "item": "Network Audit Service", "type": "REVENUE"}
        assert listing(client, admin, search="network audit")["data"] == [created]

    def test_every_required_field_message(self, client: TestClient, admin: dict[str, str]) -> None:
        r = client.post(BASE, json={}, headers=admin)
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please enter code", "Please enter item", "Please enter description",
                                        "Please enter keywords", "Please choose type"]

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"code": "   "}, "Please enter code"),
            ({"item": ""}, "Please enter item"),
            ({"description": None}, "Please enter description"),
            ({"keywords": " "}, "Please enter keywords"),
            ({"type": "ASSET"}, "Please choose type"),
            ({"code": "4-" + "9" * 29}, "Code must be at most 30 characters."),
            ({"item": "x" * 201}, "Item must be at most 200 characters."),
        ],
    )
    def test_each_rule_broken_once(self, client: TestClient, admin: dict[str, str], body: dict[str, Any],
                                   change: dict[str, Any], message: str) -> None:
        r = client.post(BASE, json={**body, **change}, headers=admin)
        assert r.status_code == 422
        assert r.json()["messages"] == [message]

    def test_duplicate_code_is_409(self, client: TestClient, admin: dict[str, str], body: dict[str, Any]) -> None:
        r = client.post(BASE, json={**body, "code": "4-1001"}, headers=admin)
        assert r.status_code == 409
        assert r.json()["messages"] == ["COA code '4-1001' already exists."]

    def test_sales_may_not_add(self, client: TestClient, body: dict[str, Any]) -> None:
        r = client.post(BASE, json=body, headers=auth(client, "sales1"))
        assert r.status_code == 403

    def test_top_management_may_only_read(self, client: TestClient, body: dict[str, Any]) -> None:
        assert client.post(BASE, json=body, headers=auth(client, "topmanager")).status_code == 403

    def test_anonymous_is_401(self, client: TestClient, body: dict[str, Any]) -> None:
        assert client.post(BASE, json=body).status_code == 401


class TestUpdate:
    def test_update_changes_every_field(self, client: TestClient, admin: dict[str, str],
                                        body: dict[str, Any]) -> None:
        created = add(client, admin, body)
        change = {"id": created["id"], "code": "5-9001", "item": "Network Audit Tools",
                  "description": "Scanners used during the audit.", "keywords": "audit, tools", "type": "COST"}
        r = client.put(BASE, json=change, headers=admin)
        assert r.status_code == 200, r.text
        updated = r.json()["results"]
        assert {k: updated[k] for k in ("code", "item", "description", "keywords", "type")} == {
            k: change[k] for k in ("code", "item", "description", "keywords", "type")}
        assert client.get(f"{BASE}/{created['id']}", headers=admin).json()["results"]["name"] == "Network Audit Tools"

    def test_keeping_its_own_code_is_fine(self, client: TestClient, admin: dict[str, str]) -> None:
        first = listing(client, admin)["data"][0]
        r = client.put(BASE, json={**first, "keywords": "managed service, msp"}, headers=admin)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["keywords"] == "managed service, msp"

    def test_taking_another_entrys_code_is_409(self, client: TestClient, admin: dict[str, str],
                                               body: dict[str, Any]) -> None:
        created = add(client, admin, body)
        r = client.put(BASE, json={**body, "id": created["id"], "code": "5-1001"}, headers=admin)
        assert r.status_code == 409
        assert r.json()["messages"] == ["COA code '5-1001' already exists."]

    def test_same_messages_as_create(self, client: TestClient, admin: dict[str, str], body: dict[str, Any]) -> None:
        created = add(client, admin, body)
        r = client.put(BASE, json={"id": created["id"], "code": "", "type": "x"}, headers=admin)
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please enter code", "Please enter item", "Please enter description",
                                        "Please enter keywords", "Please choose type"]

    def test_absent_is_404(self, client: TestClient, admin: dict[str, str], body: dict[str, Any]) -> None:
        r = client.put(BASE, json={**body, "id": 999999}, headers=admin)
        assert r.status_code == 404
        assert r.json()["messages"] == ["COA not found."]

    def test_sales_may_not_edit(self, client: TestClient, admin: dict[str, str]) -> None:
        first = listing(client, admin)["data"][0]
        r = client.put(BASE, json={**first, "item": "Hacked"}, headers=auth(client, "sales1"))
        assert r.status_code == 403
        assert listing(client, admin)["data"][0]["item"] == "Managed Services Revenue"


class TestDelete:
    def test_soft_delete_hides_the_entry_and_frees_its_code(self, client: TestClient, admin: dict[str, str],
                                                           body: dict[str, Any]) -> None:
        created = add(client, admin, body)
        r = client.put(f"{BASE}/delete", json={"id": created["id"]}, headers=admin)
        assert r.status_code == 200, r.text
        assert r.json()["results"] == {"message": "'Network Audit Service' has been deleted successfully."}
        assert listing(client, admin)["totalRows"] == SEEDED
        assert client.get(f"{BASE}/{created['id']}", headers=admin).status_code == 404
        again = client.put(f"{BASE}/delete", json={"id": created["id"]}, headers=admin)
        assert again.status_code == 404
        assert add(client, admin, body)["id"] != created["id"]  # the code is free again

    def test_sales_may_not_delete(self, client: TestClient, admin: dict[str, str]) -> None:
        first = listing(client, admin)["data"][0]
        r = client.put(f"{BASE}/delete", json={"id": first["id"]}, headers=auth(client, "sales1"))
        assert r.status_code == 403
        assert listing(client, admin)["totalRows"] == SEEDED

    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.put(f"{BASE}/delete", json={"id": 1}).status_code == 401


class TestCostSheetChartOfAccounts:
    PATH = "/api/project-cost-sheet/chart-of-accounts"

    def test_a_sales_person_gets_every_active_entry(self, client: TestClient) -> None:
        r = client.get(self.PATH, headers=auth(client, "sales1"))
        assert r.status_code == 200
        rows = r.json()["results"]
        assert len(rows) == SEEDED
        assert [row["code"] for row in rows] == sorted(row["code"] for row in rows)

    def test_by_type_and_search(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        costs = client.get(self.PATH, params={"type": "cost"}, headers=headers).json()["results"]
        assert {row["type"] for row in costs} == {"COST"} and len(costs) == len(COST)
        found = client.get(self.PATH, params={"type": "COST", "search": "WARRANTY"}, headers=headers)
        assert [row["code"] for row in found.json()["results"]] == ["5-1010"]

    def test_unknown_type_is_422(self, client: TestClient) -> None:
        r = client.get(self.PATH, params={"type": "ASSET"}, headers=auth(client, "sales1"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Type must be REVENUE or COST."]

    def test_a_removed_entry_is_not_offered(self, client: TestClient, admin: dict[str, str]) -> None:
        first = listing(client, admin)["data"][0]
        client.put(f"{BASE}/delete", json={"id": first["id"]}, headers=admin)
        rows = client.get(self.PATH, headers=auth(client, "sales1")).json()["results"]
        assert first["code"] not in {row["code"] for row in rows}

    def test_an_approver_without_leads_access_is_403(self, client: TestClient) -> None:
        assert client.get(self.PATH, headers=auth(client, "approver1")).status_code == 403

    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get(self.PATH).status_code == 401


class TestSeed:
    def test_seeding_again_adds_nothing_and_does_not_revive_a_removed_entry(
            self, client: TestClient, db: Session, admin: dict[str, str]) -> None:
        first = listing(client, admin)["data"][0]
        client.put(f"{BASE}/delete", json={"id": first["id"]}, headers=admin)
        seed_chart_of_accounts(db)
        db.commit()
        assert db.scalar(select(func.count()).select_from(ChartOfAccount)) == SEEDED
        assert listing(client, admin)["totalRows"] == SEEDED - 1
