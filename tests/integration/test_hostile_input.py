"""What a fuzzer or a careless client sends is refused with a 4xx and a message, never a 500 (issue 12): ids and
offsets past their columns, NUL characters anywhere, list criteria of the wrong type, a stage that is no stage,
a zip code longer than its column, and whatever still reaches the database with a value it cannot hold."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.errors import DATA_REFUSED, install_error_handlers
from api.core.inputs import NUL_MESSAGE
from tests.conftest import auth

PAST_INT32 = 2**31


@pytest.mark.parametrize("path", [
    f"/api/leads/{PAST_INT32}", f"/api/leads/{PAST_INT32}/history", f"/api/leads/{PAST_INT32}/stageDurations",
    f"/api/leads/1/project-ids/{PAST_INT32}/pdf", f"/api/users/{PAST_INT32}/detail",
    f"/api/clients/detail/{PAST_INT32}", f"/api/people/{PAST_INT32}", f"/api/coa-management/{PAST_INT32}",
    f"/api/approval-pipelines/{PAST_INT32}", f"/api/approval/{PAST_INT32}/timeline",
    f"/api/master-data/provinces?country={PAST_INT32}", f"/api/master-data/cities?province={-PAST_INT32 * 4}",
    f"/api/master-data/sales-users-by-leader?leaderId={PAST_INT32}", f"/api/leads/list?stageId={PAST_INT32}",
    f"/api/clients?offset={2**63}", f"/api/notification?page={2**63}",
])
def test_an_integer_past_its_column_is_a_422(client: TestClient, path: str) -> None:
    r = client.get(path, headers=auth(client, "admin"))
    assert r.status_code == 422, r.text
    assert r.json()["type"] == "ValidationFailed"


@pytest.mark.parametrize("body", [
    {"leadId": PAST_INT32, "stageId": 2},
    {"leadId": 1, "stageId": -PAST_INT32 - 1},
])
def test_an_integer_past_its_column_in_a_body_is_a_422(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/leads/check-need-approval", json=body, headers=auth(client, "sales1"))
    assert r.status_code == 422, r.text


class TestNul:
    def test_in_the_sign_in_call(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", json={"username": "ad\u0000min", "password": "x"})
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == [f"username: {NUL_MESSAGE}"]

    def test_in_a_query(self, client: TestClient) -> None:
        r = client.get("/api/clients", params={"search": "PT\x00"}, headers=auth(client, "admin"))
        assert r.status_code == 422 and r.json()["fields"] == [{"field": "search", "message": NUL_MESSAGE}]

    def test_in_a_path(self, client: TestClient) -> None:
        r = client.get("/api/leads/1/E2%00/requirementFields", headers=auth(client, "sales1"))
        assert r.status_code == 422, r.text

    def test_deep_in_a_json_body_and_nothing_is_saved(self, client: TestClient,
                                                      new_client_body: dict[str, Any]) -> None:
        headers = auth(client, "admin")
        new_client_body["personnel"][1]["position"] = "Lead\u0000"
        r = client.post("/api/clients", json=new_client_body, headers=headers)
        assert r.status_code == 422, r.text
        assert r.json()["fields"] == [{"field": "personnel.1.position", "message": NUL_MESSAGE}]
        found = client.get("/api/clients", params={"search": "Quartz"}, headers=headers).json()["results"]
        assert found["totalRows"] == 0

    def test_in_a_form_field(self, client: TestClient) -> None:
        r = client.put("/api/project-cost-sheet/save-as-draft", headers=auth(client, "sales1"),
                       data={"leadsId": "1", "remark": "First\x00costing", "projectCostSheetItems": "[]"})
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "remark"

    def test_a_literal_backslash_u_is_text_like_any_other(self, client: TestClient,
                                                          new_client_body: dict[str, Any]) -> None:
        """Only a real NUL is refused: a person who types the six characters \\u0000 keeps them."""
        new_client_body["address"] = "Jl. Escape \\u0000 No. 1"
        r = client.post("/api/clients", json=new_client_body, headers=auth(client, "admin"))
        assert r.status_code == 200, r.text


class TestCriteria:
    @pytest.mark.parametrize(("criteria", "message"), [
        ([{"field": "industry", "value": {"id": 1}}], "criteria value for 'industry' must be a whole number"),
        ([{"field": "industry", "value": "Technology"}], "criteria value for 'industry' must be a whole number"),
        ([{"field": "industry", "value": PAST_INT32}], "criteria value for 'industry' must be a whole number"),
        ([{"field": "industry", "value": [1, "x"]}], "criteria value for 'industry' must be a whole number"),
        ([{"field": "isActive", "value": "yes"}], "criteria value for 'isActive' must be true or false."),
        ([{"field": "industry", "value": list(range(1, 200))}], "criteria for 'industry' can list at most 100"),
        ([{"field": ["industry"], "value": 1}], "Unknown criteria field"),
    ])
    def test_a_value_of_the_wrong_type_is_a_422(self, client: TestClient, criteria: list[Any], message: str) -> None:
        r = client.get("/api/clients", params={"criteria": json.dumps(criteria)}, headers=auth(client, "admin"))
        assert r.status_code == 422, r.text
        assert r.json()["messages"][0].startswith(message)

    def test_values_of_the_right_type_filter(self, client: TestClient, master: dict[str, Any]) -> None:
        headers = auth(client, "admin")
        for value in (master["industry"], str(master["industry"]), [master["industry"]]):
            r = client.get("/api/clients", headers=headers,
                           params={"criteria": json.dumps([{"field": "industry", "value": value}])})
            assert r.status_code == 200, r.text
            assert {c["industry"] for c in r.json()["results"]["data"]} <= {master["industry"]}
        r = client.get("/api/people", headers=headers,
                       params={"criteria": json.dumps([{"field": "gender", "value": "x" * 500}])})
        assert r.status_code == 422, r.text  # longer than the column: no contact can have it


def test_a_stage_that_is_no_stage_is_a_404(client: TestClient) -> None:
    headers = auth(client, "sales1")
    lead = client.get("/api/leads/list", headers=headers).json()["results"]["data"][0]
    for stage in ("²", "E99", "%C2%B2", "x" * 60):
        r = client.get(f"/api/leads/{lead['id']}/{stage}/requirementFields", headers=headers)
        assert r.status_code == 404, (stage, r.text)
    assert client.get(f"/api/leads/{lead['id']}/{'x' * 61}/requirementFields", headers=headers).status_code == 422


@pytest.mark.parametrize("zip_code", [99999999999, "123456789012"])
def test_a_zip_code_longer_than_its_column_is_refused_by_name(client: TestClient, new_client_body: dict[str, Any],
                                                              zip_code: Any) -> None:
    new_client_body["zipCode"] = zip_code
    r = client.post("/api/clients", json=new_client_body, headers=auth(client, "admin"))
    assert r.status_code == 422, r.text
    assert r.json()["messages"] == ["zipCode: Zip code can have at most 10 digits."]


def test_a_value_the_database_cannot_hold_is_a_422_not_a_500(client: TestClient) -> None:
    """The last line behind the bounds: PostgreSQL's own refusal (here an integer out of range) is the request's
    fault. A route of its own runs it against the test database through the app's error handlers."""
    engine = client.app.state.engine  # type: ignore[attr-defined]
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/cast")
    def cast(value: str) -> int:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT CAST(:v AS integer)"), {"v": value}).scalar_one())

    with TestClient(app, raise_server_exceptions=False) as probe:
        assert probe.get("/cast", params={"value": "7"}).json() == 7
        r = probe.get("/cast", params={"value": str(PAST_INT32)})
    assert r.status_code == 422, r.text
    assert r.json() == {"messages": [DATA_REFUSED], "type": "ValidationFailed"}
