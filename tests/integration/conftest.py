"""Fixtures shared by the integration tests."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth


def _ids(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    def first(path: str, field: str, name: str) -> int:
        items = client.get(f"/api/master-data/{path}", headers=headers).json()["results"]
        return int(next(i["id"] for i in items if i[field] == name))

    country = first("countries", "countryName", "Indonesia")
    provinces = client.get("/api/master-data/provinces", params={"country": country}, headers=headers).json()["results"]
    province = next(p["id"] for p in provinces if p["provinceName"] == "DKI Jakarta")
    cities = client.get("/api/master-data/cities", params={"province": province}, headers=headers).json()["results"]
    city = next(c["id"] for c in cities if c["cityName"] == "Jakarta Selatan")
    return {
        "industry": first("industries", "industryName", "Technology"),
        "affiliate": first("affiliates", "affiliateName", "Non-Affiliate"),
        "country": country, "province": province, "city": city,
    }


@pytest.fixture
def master(client: TestClient) -> dict[str, Any]:
    return _ids(client, auth(client, "admin"))


@pytest.fixture
def new_client_body(master: dict[str, Any]) -> dict[str, Any]:
    return {
        "clientCode": "qzx", "clientName": "Quartz Analytics", "legalName": "PT Quartz Analytics Indonesia",
        "industry": master["industry"], "address": "Jl. HR Rasuna Said Kav. 10", "country": master["country"],
        "province": master["province"], "city": master["city"], "zipCode": "12950",
        "affiliate": master["affiliate"], "npwp": "01.234.567.8-901.000", "isActive": True,
        "personnel": [
            {"fullname": "Nadia Putri", "gender": "Female", "position": "CTO", "division": "Technology",
             "email": "nadia@quartz.id", "phoneNumber": "0811-2233-4455"},
            {"fullname": "Bayu Aji", "gender": "Male", "position": "Procurement Lead", "division": "Procurement",
             "phoneNumber": "+62 812 9988 7766"},
        ],
    }
