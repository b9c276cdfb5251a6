"""Master-data calls: seeded reference data, cascading geography, caching in Redis and its invalidation."""

import pytest
from fastapi.testclient import TestClient
from redis import Redis

from tests.conftest import auth

SIMPLE = {
    "service-categories": "serviceCategoryName", "project-types": "projectTypeName",
    "project-roles": "projectRoleName", "entities": "entityName", "units": "unitName", "sources": "sourceName",
    "clients": "clientName", "industries": "industryName", "countries": "countryName",
    "affiliates": "affiliateName",
}


class TestLists:
    @pytest.mark.parametrize(("path", "field"), SIMPLE.items())
    def test_each_list_is_seeded_with_id_and_name(self, client: TestClient, path: str, field: str) -> None:
        r = client.get(f"/api/master-data/{path}", headers=auth(client, "sales1"))
        assert r.status_code == 200
        items = r.json()["results"]
        assert len(items) >= 3
        assert all(set(i) == {"id", field} for i in items)

    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get("/api/master-data/industries").status_code == 401

    def test_indonesia_provinces_and_cities_cascade(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        countries = client.get("/api/master-data/countries", headers=headers).json()["results"]
        indonesia = next(c for c in countries if c["countryName"] == "Indonesia")
        provinces = client.get("/api/master-data/provinces", params={"country": indonesia["id"]},
                               headers=headers).json()["results"]
        assert len(provinces) == 38
        assert all(p["countryId"] == indonesia["id"] for p in provinces)
        jabar = next(p for p in provinces if p["provinceName"] == "Jawa Barat")
        cities = client.get("/api/master-data/cities", params={"province": jabar["id"]},
                            headers=headers).json()["results"]
        assert {"Bandung", "Bekasi", "Bogor", "Depok"} <= {c["cityName"] for c in cities}

    def test_service_category_map_and_sub_categories(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        tree = client.get("/api/master-data/service-category-map", headers=headers).json()["results"]
        managed = next(c for c in tree if c["serviceCategoryName"] == "Managed Services")
        assert "Security Operations Center" in {s["subServiceCategoryName"] for s in managed["subServiceCategories"]}
        subs = client.get("/api/master-data/sub-service-categories", params={"serviceCategoryId": managed["id"]},
                          headers=headers).json()["results"]
        assert {s["serviceCategoryId"] for s in subs} == {managed["id"]}
        assert any(not c["subServiceCategories"] for c in tree)  # categories without sub-categories exist

    def test_sales_persons_and_team_of_a_leader(self, client: TestClient) -> None:
        sales = client.get("/api/master-data/sales-persons", headers=auth(client, "sales1")).json()["results"]
        assert len(sales) == 6 and {"id", "name", "fullname"} == set(sales[0])
        team = client.get("/api/master-data/sales-users-by-leader", headers=auth(client, "tl1")).json()["results"]
        assert {u["fullname"] for u in team} == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
        # a leader of leaders: everyone below, down the hierarchy (whose leads they see), not only direct reports
        below = client.get("/api/master-data/sales-users-by-leader", headers=auth(client, "topmanager")).json()[
            "results"]
        assert {u["fullname"] for u in below} == {"Budi Santoso", "Sari Lestari", *(s["fullname"] for s in sales)}

    def test_parameters_by_name(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        r = client.get("/api/master-data/parameters", params={"name": "PCS_COMMISSION_ROLE"}, headers=headers)
        assert {p["paramValue"] for p in r.json()["results"]} == {"ADMIN", "TOP_MANAGEMENT"}
        assert client.get("/api/master-data/parameters", params={"name": "NOPE"},
                          headers=headers).json()["results"] == []
        assert client.get("/api/master-data/parameters", headers=headers).status_code == 422


class TestCache:
    def test_lists_are_cached_with_their_ttl(self, client: TestClient, redis_client: Redis) -> None:
        headers = auth(client, "sales1")
        client.get("/api/master-data/industries", headers=headers)
        client.get("/api/master-data/cities", params={"province": 1}, headers=headers)
        assert 290 < redis_client.ttl("cache:industries") <= 300
        assert 20 < redis_client.ttl("cache:cities:1") <= 30

    def test_a_cached_list_is_served_from_redis(self, client: TestClient, redis_client: Redis) -> None:
        headers = auth(client, "sales1")
        client.get("/api/master-data/units", headers=headers)
        redis_client.set("cache:units", '[{"id": 999, "unitName": "From the cache"}]', ex=300)
        units = client.get("/api/master-data/units", headers=headers).json()["results"]
        assert units[0]["unitName"] == "From the cache"

    def test_a_new_client_drops_the_cached_client_list(self, client: TestClient, new_client_body: dict) -> None:  # type: ignore[type-arg]
        headers = auth(client, "admin")
        before = client.get("/api/master-data/clients", headers=headers).json()["results"]
        r = client.post("/api/clients", json=new_client_body, headers=headers)
        assert r.status_code == 200, r.text
        after = client.get("/api/master-data/clients", headers=headers).json()["results"]
        assert len(after) == len(before) + 1
        assert new_client_body["clientName"] in {c["clientName"] for c in after}
