"""Sales targets: the year's target of each sales person the caller sees with team totals, setting one (kept as
history), the refusals; a team leader sees their team only and may not set targets."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import auth

YEAR = 2031


def ids(client: TestClient) -> dict[str, int]:
    rows = client.get("/api/sales-targets", params={"year": YEAR, "limit": 50},
                      headers=auth(client, "topmanager")).json()["results"]["data"]
    return {r["fullname"]: r["salesPersonId"] for r in rows}


def put(client: TestClient, user: str, body: dict[str, Any]) -> Any:
    return client.put("/api/sales-targets", json=body, headers=auth(client, user))


def test_set_change_and_read_back_with_history_and_totals(client: TestClient) -> None:
    people = ids(client)
    assert set(people) == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat", "Putri Maharani", "Fajar Setiawan",
                           "Intan Permata"}
    andi, putri = people["Andi Pratama"], people["Putri Maharani"]
    first = put(client, "topmanager", {"salesPersonId": andi, "year": YEAR, "amount": 1_500_000_000})
    assert first.status_code == 200, first.text
    again = put(client, "topmanager", {"salesPersonId": andi, "year": YEAR, "amount": 2_000_000_000.5})
    assert again.status_code == 200
    same = put(client, "topmanager", {"salesPersonId": andi, "year": YEAR, "amount": 2_000_000_000.5})
    detail = same.json()["results"]
    assert detail["amount"] == 2_000_000_000.5 and detail["leaderName"] == "Budi Santoso"
    assert [(h["oldAmount"], h["newAmount"], h["changedBy"]) for h in detail["history"]] == [
        (1_500_000_000, 2_000_000_000.5, "Ratna Wijaya"), (None, 1_500_000_000, "Ratna Wijaya")]
    assert put(client, "topmanager", {"salesPersonId": putri, "year": YEAR, "amount": 700}).status_code == 200

    page = client.get("/api/sales-targets", params={"year": YEAR}, headers=auth(client, "topmanager")).json()["results"]
    assert page["totalRows"] == 6 and page["totalAmount"] == 2_000_000_700.5
    assert {t["leaderName"]: (t["members"], t["amount"]) for t in page["teams"]} == {
        "Budi Santoso": (3, 2_000_000_000.5), "Sari Lestari": (3, 700)}
    assert client.get(f"/api/sales-targets/{detail['id']}", headers=auth(client, "topmanager")).json()[
        "results"]["history"][0]["newAmount"] == 2_000_000_000.5
    other_year = client.get("/api/sales-targets", params={"year": YEAR + 1},
                            headers=auth(client, "topmanager")).json()["results"]
    assert other_year["totalAmount"] == 0 and all(r["id"] is None for r in other_year["data"])


def test_a_team_leader_sees_their_team_and_cannot_set(client: TestClient) -> None:
    people = ids(client)
    made = put(client, "topmanager", {"salesPersonId": people["Putri Maharani"], "year": YEAR, "amount": 5})
    page = client.get("/api/sales-targets", params={"year": YEAR, "search": "a"},
                      headers=auth(client, "tl1")).json()["results"]
    assert {r["fullname"] for r in page["data"]} == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
    assert client.get(f"/api/sales-targets/{made.json()['results']['id']}",
                      headers=auth(client, "tl1")).status_code == 404  # another team's
    assert put(client, "tl1", {"salesPersonId": people["Andi Pratama"], "year": YEAR, "amount": 5}).status_code == 403
    assert client.get("/api/sales-targets", headers=auth(client, "sales1")).status_code == 403


def test_refusals(client: TestClient) -> None:
    people = ids(client)
    for body, message in (
        ({"salesPersonId": people["Andi Pratama"], "year": YEAR, "amount": -1}, None),
        ({"salesPersonId": people["Andi Pratama"], "year": 1999, "amount": 1}, None),
        ({"salesPersonId": people["Andi Pratama"], "year": YEAR, "amount": 1.234},
         "Target can have at most 2 decimals."),
        ({"salesPersonId": 999_999, "year": YEAR, "amount": 1}, "Please choose an active sales person of your team."),
    ):
        r = put(client, "topmanager", body)
        assert r.status_code == 422, r.text
        if message:
            assert message in [f["message"] for f in r.json().get("fields", [])] + r.json()["messages"], r.json()


class TestTargetOfASalesPerson:
    """GET /api/sales-targets/sales-people/{id}: the detail screen's call, for a person with or without a target."""

    def test_anonymous_and_sales_people_are_refused(self, client: TestClient) -> None:
        andi = ids(client)["Andi Pratama"]
        assert client.get(f"/api/sales-targets/sales-people/{andi}").status_code == 401
        assert client.get(f"/api/sales-targets/sales-people/{andi}",
                          headers=auth(client, "sales1")).status_code == 403

    def test_someone_not_a_visible_sales_person_is_not_found(self, client: TestClient) -> None:
        people = ids(client)
        tm = client.get("/api/auth/session", headers=auth(client, "topmanager")).json()["results"]["user"]["id"]
        for user, person in (("topmanager", 999_999), ("topmanager", tm), ("tl1", people["Putri Maharani"])):
            r = client.get(f"/api/sales-targets/sales-people/{person}", params={"year": YEAR},
                           headers=auth(client, user))
            assert r.status_code == 404, r.text
            assert r.json()["messages"] == ["Sales person not found."]

    def test_without_a_target_the_amount_is_zero_and_there_is_no_history(self, client: TestClient) -> None:
        andi = ids(client)["Andi Pratama"]
        r = client.get(f"/api/sales-targets/sales-people/{andi}", params={"year": YEAR + 5},
                       headers=auth(client, "tl1"))
        assert r.status_code == 200, r.text
        got = r.json()["results"]
        assert (got["id"], got["amount"], got["year"], got["history"], got["updatedByName"]) == (
            None, 0, YEAR + 5, [], None)
        assert (got["fullname"], got["leaderName"]) == ("Andi Pratama", "Budi Santoso")

    def test_the_years_target_with_its_history_and_who_changed_it(self, client: TestClient) -> None:
        andi = ids(client)["Andi Pratama"]
        put(client, "topmanager", {"salesPersonId": andi, "year": YEAR, "amount": 100})
        put(client, "topmanager", {"salesPersonId": andi, "year": YEAR, "amount": 250})
        put(client, "topmanager", {"salesPersonId": andi, "year": YEAR + 1, "amount": 9})
        got = client.get(f"/api/sales-targets/sales-people/{andi}", params={"year": YEAR},
                         headers=auth(client, "tl1")).json()["results"]
        assert got["id"] is not None and got["amount"] == 250 and got["updatedByName"] == "Ratna Wijaya"
        assert [(h["oldAmount"], h["newAmount"]) for h in got["history"]] == [(100, 250), (None, 100)]
        row = next(r for r in client.get("/api/sales-targets", params={"year": YEAR, "search": "Andi"},
                                         headers=auth(client, "tl1")).json()["results"]["data"])
        assert (row["amount"], row["updatedByName"]) == (250, "Ratna Wijaya")
        assert client.get(f"/api/sales-targets/sales-people/{andi}", params={"year": 1999},
                          headers=auth(client, "tl1")).status_code == 422
