"""Holidays (system/holiday): an administrator keeps them; a working-day deadline skips them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.conftest import auth

URL = "/api/holidays"


class TestListHolidays:
    def test_anonymous_is_refused(self, client: TestClient) -> None:
        assert client.get(URL).status_code == 401

    def test_a_sales_person_or_approver_is_refused(self, client: TestClient) -> None:
        assert client.get(URL, headers=auth(client, "sales1")).status_code == 403
        assert client.get(URL, headers=auth(client, "approver1")).status_code == 403

    def test_lists_a_years_holidays_by_day(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        for day, name in (("2031-08-17", "Independence Day"), ("2031-01-01", "New Year's Day"),
                          ("2032-01-01", "New Year's Day")):
            assert client.post(URL, json={"day": day, "name": name}, headers=headers).status_code == 200
        found = client.get(URL, params={"year": 2031}, headers=headers).json()["results"]
        assert [(h["day"], h["name"]) for h in found] == [("2031-01-01", "New Year's Day"),
                                                         ("2031-08-17", "Independence Day")]


class TestCreateHoliday:
    def test_refuses_a_missing_day_and_name_with_their_messages(self, client: TestClient) -> None:
        r = client.post(URL, json={"name": "  "}, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please choose the day.", "Please enter the holiday's name."]

    def test_refuses_a_day_already_listed(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        assert client.post(URL, json={"day": "2031-12-25", "name": "Christmas Day"}, headers=headers).status_code == 200
        again = client.post(URL, json={"day": "2031-12-25", "name": "Christmas"}, headers=headers)
        assert again.status_code == 409
        assert again.json()["messages"] == ["25-Dec-2031 is already a holiday (Christmas Day)."]

    def test_refuses_a_name_too_long_and_a_day_that_is_not_one(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        long = client.post(URL, json={"day": "2031-05-01", "name": "x" * 121}, headers=headers)
        assert long.status_code == 422 and long.json()["messages"] == ["The name cannot exceed 120 characters."]
        assert client.post(URL, json={"day": "2031-02-30", "name": "Nope"}, headers=headers).status_code == 422

    def test_a_top_manager_may_not_add(self, client: TestClient) -> None:
        r = client.post(URL, json={"day": "2031-05-01", "name": "Labour Day"}, headers=auth(client, "topmanager"))
        assert r.status_code == 403


class TestUpdateAndDeleteHoliday:
    def test_edit_then_delete(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        created = client.post(URL, json={"day": "2031-06-01", "name": "Pancasila"}, headers=headers).json()["results"]
        other = client.post(URL, json={"day": "2031-06-02", "name": "Other"}, headers=headers).json()["results"]
        edited = client.put(f"{URL}/{created['id']}", json={"day": "2031-06-01", "name": "Pancasila Day"},
                            headers=headers)
        assert edited.status_code == 200 and edited.json()["results"]["name"] == "Pancasila Day"
        clash = client.put(f"{URL}/{other['id']}", json={"day": "2031-06-01", "name": "Other"}, headers=headers)
        assert clash.status_code == 409
        assert clash.json()["messages"] == ["1-Jun-2031 is already a holiday (Pancasila Day)."]
        removed = client.delete(f"{URL}/{created['id']}", headers=headers)
        assert removed.status_code == 200
        assert removed.json()["results"]["message"] == "'Pancasila Day' has been deleted successfully."
        assert client.delete(f"{URL}/{created['id']}", headers=headers).status_code == 404
        assert client.put(f"{URL}/{created['id']}", json={"day": "2031-06-01", "name": "X"},
                          headers=headers).status_code == 404


def test_the_demo_data_has_holidays(client: TestClient) -> None:
    from datetime import date

    found = client.get(URL, params={"year": date.today().year}, headers=auth(client, "admin")).json()["results"]
    assert "Independence Day" in {h["name"] for h in found}
