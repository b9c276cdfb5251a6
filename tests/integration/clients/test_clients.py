"""Client management calls: list, detail, create, update, delete, availability, permissions."""

import json
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.client_views import rows
from api.clients import service as clients_service
from api.clients.models import Client
from api.core.errors import Conflict
from api.leads.models import Lead
from api.users.models import User
from tests.conftest import auth


def create(client: TestClient, body: dict[str, Any], user: str = "admin") -> dict[str, Any]:
    r = client.post("/api/clients", json=body, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


class TestCreate:
    def test_creates_client_with_personnel_upper_cases_the_code_and_normalises_phones(
            self, client: TestClient, new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        assert created["clientCode"] == "QZX"
        assert created["industryName"] == "Technology" and created["cityName"] == "Jakarta Selatan"
        assert created["totalPersonel"] == 2 and created["totalLeads"] == 0
        phones = {p["fullname"]: p["phoneNumber"] for p in created["personnel"]}
        assert phones == {"Nadia Putri": "6281122334455", "Bayu Aji": "6281299887766"}
        assert {p["user"] for p in created["personnel"]} == {"Adi Nugroho"}

    def test_every_missing_field_gives_the_spec_message(self, client: TestClient) -> None:
        r = client.post("/api/clients", json={}, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == [
            "Please enter client name.", "Please enter legal name.", "Please enter client code.",
            "Please select industry.", "Please enter address.", "Please select country.",
            "Please select affiliate.",
        ]

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"clientCode": "AB"}, "Client code must be 3 characters."),
            ({"clientCode": "ABCD"}, "Client code must be 3 characters."),
            ({"clientCode": "A-B"}, "Client code may contain only letters and digits."),
            ({"zipCode": "12a45"}, "Zip code must be a number."),
            ({"industry": 999999}, "Please select industry."),
            ({"affiliate": 999999}, "Please select affiliate."),
            ({"clientName": "   "}, "Please enter client name."),
            ({"address": ""}, "Please enter address."),
        ],
    )
    def test_each_rule_broken_once(self, client: TestClient, new_client_body: dict[str, Any],
                                   change: dict[str, Any], message: str) -> None:
        r = client.post("/api/clients", json={**new_client_body, **change}, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == [message]

    def test_province_and_city_must_belong_to_their_parent(self, client: TestClient,
                                                            new_client_body: dict[str, Any]) -> None:
        headers = auth(client, "admin")
        countries = client.get("/api/master-data/countries", headers=headers).json()["results"]
        singapore = next(c["id"] for c in countries if c["countryName"] == "Singapore")
        r = client.post("/api/clients", json={**new_client_body, "country": singapore}, headers=headers)
        assert r.json()["messages"] == ["Please select a province of the selected country."]
        other_city = client.get("/api/master-data/cities", headers=headers).json()["results"]
        bandung = next(c["id"] for c in other_city if c["cityName"] == "Bandung")
        r = client.post("/api/clients", json={**new_client_body, "city": bandung}, headers=headers)
        assert r.json()["messages"] == ["Please select a city of the selected province."]

    def test_personnel_errors_refuse_the_whole_client(self, client: TestClient,
                                                      new_client_body: dict[str, Any]) -> None:
        body = {**new_client_body, "personnel": [{"fullname": "X", "gender": "Male", "position": "-"}]}
        r = client.post("/api/clients", json=body, headers=auth(client, "admin"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Position cannot consist only of '-'.",
                                        "Please enter either email or phone number."]
        names = client.get("/api/master-data/clients", headers=auth(client, "admin")).json()["results"]
        assert "Quartz Analytics" not in {c["clientName"] for c in names}

    def test_duplicate_name_and_code_are_409(self, client: TestClient, new_client_body: dict[str, Any]) -> None:
        create(client, new_client_body)
        again = client.post("/api/clients", json={**new_client_body, "clientCode": "QZY",
                                                  "clientName": "quartz analytics"},
                            headers=auth(client, "admin"))
        assert again.status_code == 409
        assert again.json()["messages"] == ["Client name 'quartz analytics' is already registered."]
        code = client.post("/api/clients", json={**new_client_body, "clientName": "Other"},
                           headers=auth(client, "admin"))
        assert code.status_code == 409
        assert code.json()["messages"] == ["Client code 'QZX' is already used by Quartz Analytics."]


class TestAvailability:
    def test_name_availability_create_and_update_variants(self, client: TestClient,
                                                         new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        headers = auth(client, "sales1")
        url = "/api/clients/check-availibility"
        taken = client.post(url, json={"name": " Quartz ANALYTICS ", "variant": "create"}, headers=headers)
        assert taken.status_code == 409
        assert taken.json()["messages"] == ["Client name 'Quartz ANALYTICS' is already registered."]
        own = client.post(url, json={"name": "Quartz Analytics", "variant": "update", "clientId": created["id"]},
                          headers=headers)
        assert own.status_code == 200 and own.json()["results"] == {"available": True}
        free = client.post(url, json={"name": "Brand New Co", "variant": "create"}, headers=headers)
        assert free.json()["results"] == {"available": True}
        assert client.post(url, json={"name": "", "variant": "create"}, headers=headers).status_code == 422

    def test_code_availability_is_upper_case_and_carries_errors_message(
            self, client: TestClient, new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        headers = auth(client, "sales1")
        url = "/api/clients/check-code-availibility"
        taken = client.post(url, json={"clientCode": "qzx"}, headers=headers)
        assert taken.status_code == 409
        assert taken.json()["errors"] == {"message": "Client code 'QZX' is already used by Quartz Analytics."}
        assert client.post(url, json={"clientCode": "QZX", "clientId": created["id"]},
                           headers=headers).status_code == 200
        assert client.post(url, json={"clientCode": "ZZ9"}, headers=headers).status_code == 200
        short = client.post(url, json={"clientCode": "ZZ"}, headers=headers)
        assert short.status_code == 422 and short.json()["messages"] == ["Client code must be 3 characters."]


class TestUpdate:
    def test_update_fields_and_sync_personnel(self, client: TestClient, new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        nadia = next(p for p in created["personnel"] if p["fullname"] == "Nadia Putri")
        body = {**new_client_body, "id": created["id"], "legalName": "PT Quartz Analytika",
                "personnel": [{**nadia, "position": "Chief Technology Officer"},
                              {"fullname": "Sinta Dewi", "gender": "Female", "position": "Finance Manager",
                               "email": "sinta@quartz.id"}]}
        r = client.put("/api/clients", json=body, headers=auth(client, "tl1"))
        assert r.status_code == 200, r.text
        updated = r.json()["results"]
        assert updated["legalName"] == "PT Quartz Analytika"
        assert {p["fullname"]: p["position"] for p in updated["personnel"]} == {
            "Nadia Putri": "Chief Technology Officer", "Sinta Dewi": "Finance Manager"}
        assert updated["totalPersonel"] == 2

    def test_update_of_an_absent_client_is_404(self, client: TestClient, new_client_body: dict[str, Any]) -> None:
        r = client.put("/api/clients", json={**new_client_body, "id": 999999}, headers=auth(client, "admin"))
        assert r.status_code == 404


class TestDelete:
    def test_a_client_with_leads_cannot_be_removed(self, client: TestClient, db: Session,
                                                   new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        sales = db.query(User).filter_by(username="sales1").one()
        db.add_all([Lead(client_id=created["id"], sales_person_id=sales.id, project_name=f"Project {i}", stage_id=1)
                    for i in range(2)])
        db.commit()
        headers = auth(client, "admin")
        row = client.get("/api/clients/detail/{}".format(created["id"]), headers=headers).json()["results"]
        assert row["totalLeads"] == 2
        r = client.delete(f"/api/clients/{created['id']}", headers=headers)
        assert r.status_code == 409
        assert r.json()["messages"] == ["The client still has 2 leads; only a client without leads can be removed."]

    def test_a_client_without_leads_is_removed_with_its_contacts(self, client: TestClient, db: Session,
                                                                 new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        headers = auth(client, "admin")
        assert client.delete(f"/api/clients/{created['id']}", headers=headers).status_code == 200
        assert client.get(f"/api/clients/detail/{created['id']}", headers=headers).status_code == 404
        assert db.get(Client, created["id"]) is None
        people = client.get("/api/people", params={"search": "Nadia Putri"}, headers=headers).json()["results"]
        assert people["totalRows"] == 0


    def test_a_lead_added_after_the_check_is_refused_by_the_database_with_the_same_message(
            self, client: TestClient, db: Session, redis_client: redis.Redis,
            new_client_body: dict[str, Any]) -> None:
        """The guard counted no lead, then one came before the delete: the foreign key refuses it, a 409 and not a
        500, and nothing is removed."""
        created = create(client, new_client_body)
        sales = db.query(User).filter_by(username="sales1").one()
        db.add(Lead(client_id=created["id"], sales_person_id=sales.id, project_name="Late lead", stage_id=1))
        db.commit()
        counts = [0]  # what the guard read, before the lead came

        def lead_count() -> int:
            return counts.pop() if counts else rows.lead_count(db, created["id"])

        admin = db.query(User).filter_by(username="admin").one()
        with pytest.raises(Conflict) as refused:
            clients_service.delete(session=db, redis_client=redis_client, actor=admin, client_id=created["id"],
                                   lead_count=lead_count)
        assert refused.value.messages == [
            "The client still has 1 lead; only a client without leads can be removed."]
        row = client.get(f"/api/clients/detail/{created['id']}", headers=auth(client, "admin")).json()["results"]
        assert row["totalLeads"] == 1
        assert {p["fullname"] for p in row["personnel"]} == {"Nadia Putri", "Bayu Aji"}


class TestList:
    def test_paging_totals_and_default_order(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        first = client.get("/api/clients", params={"offset": 0, "limit": 5}, headers=headers).json()["results"]
        second = client.get("/api/clients", params={"offset": 5, "limit": 5}, headers=headers).json()["results"]
        assert first["totalRows"] == second["totalRows"] >= 10
        assert len(first["data"]) == 5
        names = [r["clientName"] for r in first["data"] + second["data"]]
        assert names == sorted(names, key=str.lower) and len(set(names)) == 10
        assert all(r["totalPersonel"] >= 1 for r in first["data"])

    def test_search_and_criteria(self, client: TestClient, master: dict[str, Any]) -> None:
        headers = auth(client, "sales1")
        found = client.get("/api/clients", params={"search": "bank nusa"}, headers=headers).json()["results"]
        assert [r["clientCode"] for r in found["data"]] == ["BNM"]
        by_code = client.get("/api/clients", params={"search": "tsl"}, headers=headers).json()["results"]
        assert by_code["data"][0]["clientName"] == "Telkomsel Lintas"
        criteria = json.dumps([{"field": "province", "value": master["province"]}])
        jakarta = client.get("/api/clients", params={"criteria": criteria, "limit": 100},
                             headers=headers).json()["results"]
        assert jakarta["totalRows"] >= 3 and all(r["provinceName"] == "DKI Jakarta" for r in jakarta["data"])

    @pytest.mark.parametrize("sort", ["clientCode", "clientName", "totalPersonel", "industryName"])
    def test_sort_fields_both_directions(self, client: TestClient, sort: str) -> None:
        headers = auth(client, "sales1")
        asc = client.get("/api/clients", params={"sort": sort, "limit": 100}, headers=headers).json()["results"]
        desc = client.get("/api/clients", params={"sort": sort, "desc": True, "limit": 100},
                          headers=headers).json()["results"]
        assert [r["id"] for r in asc["data"]] != [r["id"] for r in desc["data"]] or len(asc["data"]) < 2

    def test_sort_by_total_leads_counts_each_clients_leads(self, client: TestClient, db: Session,
                                                           new_client_body: dict[str, Any]) -> None:
        created = create(client, new_client_body)
        sales = db.query(User).filter_by(username="sales1").one()
        db.add_all([Lead(client_id=created["id"], sales_person_id=sales.id, project_name=f"Project {i}", stage_id=1)
                    for i in range(3)])
        db.commit()
        headers = auth(client, "admin")
        params: dict[str, Any] = {"sort": "totalLeads", "limit": 100}
        asc = client.get("/api/clients", params=params, headers=headers).json()["results"]["data"]
        desc = client.get("/api/clients", params={**params, "desc": True}, headers=headers).json()["results"]["data"]
        assert [r["totalLeads"] for r in asc] == sorted(r["totalLeads"] for r in asc)
        assert [r["totalLeads"] for r in desc] == sorted((r["totalLeads"] for r in desc), reverse=True)
        assert next(r["totalLeads"] for r in desc if r["id"] == created["id"]) == 3

    @pytest.mark.parametrize("params", [{"sort": "password_hash"}, {"sort": "id; drop table clients"},
                                        {"criteria": "not json"}, {"criteria": '[{"field": "secret", "value": 1}]'},
                                        {"limit": 0}, {"limit": 1000}, {"offset": -1}])
    def test_bad_list_parameters_are_422_not_500(self, client: TestClient, params: dict[str, Any]) -> None:
        r = client.get("/api/clients", params=params, headers=auth(client, "sales1"))
        assert r.status_code == 422
        assert r.json()["type"] == "ValidationFailed"

    def test_bad_sort_names_the_allowed_fields(self, client: TestClient) -> None:
        r = client.get("/api/clients", params={"sort": "password_hash"}, headers=auth(client, "sales1"))
        assert r.json()["messages"][0].startswith("Unknown sort field 'password_hash'. Allowed: address, clientCode")


class TestPermissions:
    """401 anonymous; the page flags decide: sales read+write, TL +edit, admin +delete, approver nothing."""

    def _calls(self, body: dict[str, Any], client_id: int) -> dict[str, tuple[str, str, Any]]:
        return {
            "list": ("GET", "/api/clients", None),
            "detail": ("GET", f"/api/clients/detail/{client_id}", None),
            "create": ("POST", "/api/clients", {**body, "clientCode": "NEW", "clientName": "New Co"}),
            "update": ("PUT", "/api/clients", {**body, "id": client_id}),
            "delete": ("DELETE", f"/api/clients/{client_id}", None),
        }

    @pytest.mark.parametrize(
        ("user", "expected"),
        [
            (None, {"list": 401, "detail": 401, "create": 401, "update": 401, "delete": 401}),
            ("approver1", {"list": 403, "detail": 403, "create": 403, "update": 403, "delete": 403}),
            ("sales1", {"list": 200, "detail": 200, "create": 200, "update": 403, "delete": 403}),
            ("tl1", {"list": 200, "detail": 200, "create": 200, "update": 200, "delete": 403}),
            ("admin", {"list": 200, "detail": 200, "create": 200, "update": 200, "delete": 200}),
        ],
    )
    def test_matrix(self, client: TestClient, new_client_body: dict[str, Any], user: str | None,
                    expected: dict[str, int]) -> None:
        created = create(client, new_client_body)
        headers = auth(client, user) if user else {}
        for name, (method, url, body) in self._calls(new_client_body, created["id"]).items():
            r = client.request(method, url, json=body, headers=headers)
            assert r.status_code == expected[name], f"{user} {name}: {r.status_code} {r.text}"

    def test_absent_client_is_404_for_admin(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        assert client.get("/api/clients/detail/999999", headers=headers).status_code == 404
        assert client.delete("/api/clients/999999", headers=headers).status_code == 404
