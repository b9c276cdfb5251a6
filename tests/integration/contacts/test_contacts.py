"""Contact management calls (/people): validation, duplicates, phone normalisation, history, permissions."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth


@pytest.fixture
def client_id(client: TestClient) -> int:
    clients = client.get("/api/people/get-clients", headers=auth(client, "admin")).json()["results"]
    return int(next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri"))


@pytest.fixture
def body(client_id: int) -> dict[str, Any]:
    return {"clientId": client_id, "fullname": "Wulan Sari", "nickname": "Wulan", "gender": "Female",
            "position": "Head of Procurement", "division": "Procurement", "email": "wulan.sari@banknusa.co.id",
            "phoneNumber": "0812-7777-8888", "linkedin": "https://www.linkedin.com/in/wulansari"}


def add(client: TestClient, body: dict[str, Any], user: str = "admin") -> dict[str, Any]:
    r = client.post("/api/people", json=body, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


class TestCreate:
    def test_create_normalises_the_phone_and_names_the_author(self, client: TestClient,
                                                              body: dict[str, Any]) -> None:
        contact = add(client, body, user="sales1")
        assert contact["phoneNumber"] == "6281277778888"
        assert contact["clientName"] == "Bank Nusa Mandiri"
        assert contact["user"] == "Andi Pratama"

    def test_every_required_field_message(self, client: TestClient) -> None:
        r = client.post("/api/people", json={}, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == [
            "Please choose client / company", "Please enter contact's full name.", "Please choose gender",
            "Please enter contact's position.", "Please enter either email or phone number.",
        ]

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"email": "not-an-email"}, "Please enter valid email format."),
            ({"phoneNumber": "0812"}, "Invalid phone number format"),
            ({"phoneNumber": "08123456789012345"}, "Invalid phone number format"),
            ({"email": None, "phoneNumber": None}, "Please enter either email or phone number."),
            ({"position": " - "}, "Position cannot consist only of '-'."),
            ({"division": "---"}, "Division cannot consist only of '-'."),
            ({"gender": "Other"}, "Please choose gender"),
            ({"clientId": 999999}, "Please choose client / company"),
        ],
    )
    def test_each_rule_broken_once(self, client: TestClient, body: dict[str, Any], change: dict[str, Any],
                                   message: str) -> None:
        r = client.post("/api/people", json={**body, **change}, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == [message]

    def test_email_alone_or_phone_alone_is_enough(self, client: TestClient, body: dict[str, Any]) -> None:
        add(client, {**body, "phoneNumber": None})
        add(client, {**body, "email": None, "position": "Procurement Officer"})

    def test_same_person_same_position_same_client_is_a_409(self, client: TestClient,
                                                            body: dict[str, Any]) -> None:
        add(client, body)
        r = client.post("/api/people", json={**body, "fullname": " wulan sari "}, headers=auth(client, "admin"))
        assert r.status_code == 409
        assert r.json()["messages"] == [
            "Contact 'wulan sari' with position 'Head of Procurement' already exists for Bank Nusa Mandiri."]
        add(client, {**body, "position": "Deputy Head of Procurement"})  # another position is fine


class TestAvailability:
    def test_check_availability_input(self, client: TestClient, body: dict[str, Any], client_id: int) -> None:
        existing = add(client, body)
        headers = auth(client, "sales1")
        url = "/api/people/check-availibility-input"
        dup = client.post(url, json={"clientId": client_id, "fullname": "Wulan Sari",
                                     "position": "Head of Procurement"}, headers=headers)
        assert dup.status_code == 409
        own = client.post(url, json={"id": existing["id"], "clientId": client_id, "fullname": "Wulan Sari",
                                     "position": "Head of Procurement"}, headers=headers)
        assert own.status_code == 200 and own.json()["results"] == {"available": True}
        assert client.post(url, json={"fullname": "X"}, headers=headers).json()["messages"] == [
            "Please choose client / company"]

    def test_check_availability_by_name(self, client: TestClient, body: dict[str, Any], client_id: int) -> None:
        add(client, body)
        r = client.post("/api/people/check-availibility", headers=auth(client, "sales1"), json={
            "name": "Wulan Sari", "variant": "create", "clientId": client_id, "position": "Head of Procurement"})
        assert r.status_code == 409


class TestHistory:
    def test_two_edits_leave_three_entries_with_field_changes(self, client: TestClient,
                                                              body: dict[str, Any]) -> None:
        contact = add(client, body, user="sales1")
        r1 = client.put("/api/people", json={**body, "id": contact["id"], "position": "VP Procurement"},
                        headers=auth(client, "sales1"))
        assert r1.status_code == 200, r1.text
        r2 = client.put("/api/people", json={**body, "id": contact["id"], "position": "VP Procurement",
                                             "division": "Strategic Sourcing", "phoneNumber": "+62 811 000 1111"},
                        headers=auth(client, "tl1"))
        assert r2.status_code == 200, r2.text
        assert r2.json()["results"]["user"] == "Budi Santoso"

        history = client.get(f"/api/people/history/{contact['id']}", headers=auth(client, "sales1")).json()["results"]
        assert [h["action"] for h in history] == ["UPDATED", "UPDATED", "CREATED"]
        latest, first_edit, created = history
        assert latest["createdBy"] == "Budi Santoso" and first_edit["createdBy"] == "Andi Pratama"
        assert {(c["field"], c["from"], c["to"]) for c in latest["changes"]} == {
            ("division", "Procurement", "Strategic Sourcing"), ("phoneNumber", "6281277778888", "628110001111")}
        assert [(c["field"], c["from"], c["to"]) for c in first_edit["changes"]] == [
            ("position", "Head of Procurement", "VP Procurement")]
        assert latest["position"] == "VP Procurement" and latest["clientName"] == "Bank Nusa Mandiri"
        assert {c["field"] for c in created["changes"]} >= {"fullname", "position", "email", "clientName"}

    def test_an_edit_that_changes_nothing_adds_no_entry(self, client: TestClient, body: dict[str, Any]) -> None:
        contact = add(client, body)
        client.put("/api/people", json={**body, "id": contact["id"]}, headers=auth(client, "admin"))
        history = client.get(f"/api/people/history/{contact['id']}", headers=auth(client, "admin")).json()["results"]
        assert len(history) == 1

    def test_history_of_an_absent_contact_is_404(self, client: TestClient) -> None:
        assert client.get("/api/people/history/999999", headers=auth(client, "admin")).status_code == 404


class TestDeleteAndList:
    def test_delete_hides_the_contact_and_records_it(self, client: TestClient, body: dict[str, Any]) -> None:
        contact = add(client, body)
        headers = auth(client, "admin")
        assert client.put("/api/people/delete", json={"id": contact["id"]}, headers=headers).status_code == 200
        assert client.get(f"/api/people/{contact['id']}", headers=headers).status_code == 404
        assert client.put("/api/people/delete", json={"id": contact["id"]}, headers=headers).status_code == 404
        history = client.get(f"/api/people/history/{contact['id']}", headers=headers).json()["results"]
        assert history[0]["action"] == "DELETED"

    def test_list_search_sort_and_paging(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        page = client.get("/api/people", params={"limit": 5, "sort": "fullname"}, headers=headers).json()["results"]
        assert len(page["data"]) == 5 and page["totalRows"] >= 12
        names = [c["fullname"] for c in page["data"]]
        assert names == sorted(names, key=str.lower)
        found = client.get("/api/people", params={"search": "kominfo"}, headers=headers).json()["results"]
        assert [c["fullname"] for c in found["data"]] == ["Andi Baso"]
        by_client = client.get("/api/people", params={"search": "Telkomsel"}, headers=headers).json()["results"]
        assert by_client["data"][0]["clientName"] == "Telkomsel Lintas"

    def test_bad_sort_is_422(self, client: TestClient) -> None:
        r = client.get("/api/people", params={"sort": "deleted_at"}, headers=auth(client, "sales1"))
        assert r.status_code == 422


class TestPermissions:
    @pytest.mark.parametrize(
        ("user", "expected"),
        [
            (None, {"list": 401, "view": 401, "history": 401, "create": 401, "update": 401, "delete": 401}),
            ("approver1", {"list": 403, "view": 403, "history": 403, "create": 403, "update": 403, "delete": 403}),
            ("topmanager", {"list": 200, "view": 200, "history": 200, "create": 403, "update": 403, "delete": 403}),
            ("sales1", {"list": 200, "view": 200, "history": 200, "create": 200, "update": 200, "delete": 403}),
            ("admin", {"list": 200, "view": 200, "history": 200, "create": 200, "update": 200, "delete": 200}),
        ],
    )
    def test_matrix(self, client: TestClient, body: dict[str, Any], user: str | None,
                    expected: dict[str, int]) -> None:
        contact = add(client, body)
        headers = auth(client, user) if user else {}
        calls = {
            "list": ("GET", "/api/people", None),
            "view": ("GET", f"/api/people/{contact['id']}", None),
            "history": ("GET", f"/api/people/history/{contact['id']}", None),
            "create": ("POST", "/api/people", {**body, "position": "Another Position"}),
            "update": ("PUT", "/api/people", {**body, "id": contact["id"], "nickname": "Lan"}),
            "delete": ("PUT", "/api/people/delete", {"id": contact["id"]}),
        }
        for name, (method, url, payload) in calls.items():
            r = client.request(method, url, json=payload, headers=headers)
            assert r.status_code == expected[name], f"{user} {name}: {r.status_code} {r.text}"
