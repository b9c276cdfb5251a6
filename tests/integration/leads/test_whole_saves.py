"""The lead edit either commits whole or changes nothing (issue 11): every value the database cannot hold is a
422 with a message, never a 500 and never half a save; money is kept as typed."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth
from tests.integration.leads.conftest import update


def detail(client: TestClient, lead_id: int) -> dict[str, Any]:
    r = client.get(f"/api/leads/{lead_id}", headers=auth(client, "sales1"))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def history(client: TestClient, lead_id: int) -> list[dict[str, Any]]:
    return client.get(f"/api/leads/{lead_id}/history", headers=auth(client, "sales1")).json()["results"]  # type: ignore[no-any-return]


class TestMoney:
    @pytest.mark.parametrize("typed", [1234567890123.45, 9999999999999.99, 0.29, 100.1, 7])
    def test_kept_as_typed(self, client: TestClient, lead: dict[str, Any], typed: float) -> None:
        r = update(client, lead["id"], {"totalRevenue": typed, "projectBudget": typed})
        assert r.status_code == 200, r.text
        saved = detail(client, lead["id"])
        assert saved["totalRevenue"] == typed and saved["projectBudget"] == typed
        recorded = {h["field"]: h["newValue"] for h in history(client, lead["id"])}
        assert recorded["totalRevenue"] == f"{typed:.2f}"

    @pytest.mark.parametrize(("field", "label"), [("totalRevenue", "Total Revenue"),
                                                  ("projectBudget", "Project Budget"),
                                                  ("totalGrossProfit", "Total Gross Profit")])
    def test_more_than_two_decimals_is_refused(self, client: TestClient, lead: dict[str, Any], field: str,
                                               label: str) -> None:
        r = update(client, lead["id"], {"projectName": "Changed", field: 1500.005})
        assert r.status_code == 422
        assert r.json()["messages"] == [f"{field}: {label} can have at most 2 decimals."]
        assert detail(client, lead["id"])["projectName"] == "Zeta Network Refresh"

    @pytest.mark.parametrize("value", [1e13, 1e20])
    def test_more_than_the_column_holds_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                   value: float) -> None:
        r = update(client, lead["id"], {"totalRevenue": value})
        assert r.status_code == 422
        assert r.json()["messages"] == ["totalRevenue: Total Revenue cannot be more than 9.999.999.999.999,99."]
        r = update(client, lead["id"], {"totalGrossProfit": -value})
        assert r.status_code == 422
        assert r.json()["messages"] == ["totalGrossProfit: Total Gross Profit cannot be more than "
                                        "9.999.999.999.999,99 or less than -9.999.999.999.999,99."]

    def test_payment_and_billing_amounts(self, client: TestClient, lead: dict[str, Any],
                                         refs: dict[str, Any]) -> None:
        category = refs["category"]
        r = update(client, lead["id"], {"payments": [{"serviceCategoryId": category, "billingDate": "2027-01-15",
                                                      "amount": 1e20}],
                                        "billingSchedules": [{"serviceCategoryId": category,
                                                              "schedule": "2027-01-15", "amount": 10.001}]})
        assert r.status_code == 422
        assert r.json()["messages"] == ["payments.0.amount: Payment amount cannot be more than 9.999.999.999.999,99.",
                                        "billingSchedules.0.amount: Billing amount can have at most 2 decimals."]
        r = update(client, lead["id"], {"payments": [{"serviceCategoryId": category, "billingDate": "2027-01-15",
                                                      "amount": 1234567890123.45}]})
        assert r.status_code == 200, r.text
        assert detail(client, lead["id"])["payments"][0]["amount"] == 1234567890123.45

    def test_a_margin_the_column_cannot_hold_is_refused_and_nothing_is_saved(self, client: TestClient,
                                                                             lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"projectName": "Changed", "totalRevenue": 0.01, "totalGrossProfit": 1e12})
        assert r.status_code == 422
        assert r.json()["messages"] == ["Gross profit margin must be between -99.999,99% and 99.999,99%: "
                                        "check Total Revenue and Total Gross Profit."]
        saved = detail(client, lead["id"])
        assert saved["projectName"] == "Zeta Network Refresh" and saved["totalRevenue"] == 0
        assert [h["field"] for h in history(client, lead["id"])] == ["created"]
        r = update(client, lead["id"], {"totalRevenue": 1000, "totalGrossProfit": 999_999.9})
        assert r.status_code == 200, r.text
        assert detail(client, lead["id"])["grossProfitMargin"] == 99_999.99


class TestNumbersAndDates:
    @pytest.mark.parametrize(("body", "message"), [
        ({"totalUnit": 2**31}, "totalUnit: Input should be less than or equal to 2147483647"),
        ({"projectDuration": 2**31}, "projectDuration: Input should be less than or equal to 600"),
        ({"expectedCloseDate": "10000-01-01"}, "expectedCloseDate: Input should be a valid date or datetime, "
                                               "invalid date separator, expected `-`"),
    ])
    def test_what_a_column_cannot_hold_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                  body: dict[str, Any], message: str) -> None:
        r = update(client, lead["id"], body)
        assert r.status_code == 422
        assert r.json()["messages"] == [message]

    def test_the_largest_values_are_kept_and_the_lead_still_loads(self, client: TestClient,
                                                                  lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"totalUnit": 2**31 - 1, "expectedCloseDate": "9999-12-31",
                                        "projectStartDate": "9999-12-30", "projectEndDate": "9999-12-31"})
        assert r.status_code == 200, r.text
        saved = detail(client, lead["id"])
        assert saved["totalUnit"] == 2**31 - 1 and saved["projectEndDate"] == "9999-12-31"
        for path in ("form", "history", "stageDurations", "paymentDetail"):
            got = client.get(f"/api/leads/{lead['id']}/{path}", headers=auth(client, "sales1"))
            assert got.status_code == 200, (path, got.text)


class TestReferences:
    @pytest.mark.parametrize(("body", "message"), [
        ({"clientId": 2**31}, "clientId: Input should be less than or equal to 2147483647"),
        ({"stageId": 2**31}, "stageId: Input should be less than or equal to 2147483647"),
        ({"entityId": 0}, "entityId: Input should be greater than or equal to 1"),
        ({"personInCharges": [2**31]}, "personInCharges.0: Input should be less than or equal to 2147483647"),
        ({"serviceCategories": [{"serviceCategoryId": 2**31}]},
         "serviceCategories.0.serviceCategoryId: Input should be less than or equal to 2147483647"),
        ({"serviceCategories": [{"serviceCategoryId": 999_999}]}, "Please choose a valid service category."),
        ({"payments": [{"serviceCategoryId": 999_999, "amount": 5}]}, "Please choose a valid service category."),
        ({"billingSchedules": [{"serviceCategoryId": 999_999, "schedule": "2027-01-15", "amount": 5}]},
         "Please choose a valid service category."),
    ])
    def test_an_id_no_row_can_have_is_refused(self, client: TestClient, lead: dict[str, Any],
                                              body: dict[str, Any], message: str) -> None:
        r = update(client, lead["id"], {"projectName": "Changed", **body})
        assert r.status_code == 422
        assert r.json()["messages"] == [message]
        assert detail(client, lead["id"])["projectName"] == "Zeta Network Refresh"

    def test_a_sub_category_of_another_category_is_refused(self, client: TestClient, lead: dict[str, Any]) -> None:
        headers = auth(client, "sales1")
        categories = client.get("/api/master-data/service-category-map", headers=headers).json()["results"]
        with_subs = [c for c in categories if c.get("subServiceCategories")]
        assert len(categories) > 1 and with_subs
        parent = with_subs[0]
        other = next(c for c in categories if c["id"] != parent["id"])
        sub = parent["subServiceCategories"][0]["id"]
        r = update(client, lead["id"], {"serviceCategories": [{"serviceCategoryId": other["id"],
                                                               "subServiceCategoryId": sub}]})
        assert r.status_code == 422 and r.json()["messages"] == ["Please choose a valid sub service category."]
        r = update(client, lead["id"], {"serviceCategories": [{"serviceCategoryId": parent["id"],
                                                               "subServiceCategoryId": sub}]})
        assert r.status_code == 200, r.text

    def test_creating_with_an_id_past_an_integer_is_refused(self, client: TestClient,
                                                            refs: dict[str, Any]) -> None:
        r = client.post("/api/leads", json={"clientId": refs["client"], "projectName": "X", "sourceId": 2**31},
                        headers=auth(client, "sales1"))
        assert r.status_code == 422
