"""Place search for the activity form's map (issue 16 point 4, spec 2 §2.8): the API asks the geocoder for the
browser, in Indonesia only, within Nominatim's usage policy (identified, cached, one request a second), and answers a
failure with a message the form shows instead of a 500. The geocoder is a local fake (tests/geocoder_server.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.core.embedded import free_port
from api.geo import service
from tests.conftest import auth
from tests.geocoder_server import FakeGeocoder

FAILED = "The place search failed. Type the place instead."


def search(client: TestClient, q: str, user: str = "sales1") -> Any:
    return client.get("/api/geo/search", params={"q": q}, headers=auth(client, user))


def reverse(client: TestClient, lat: float | str, lon: float | str, user: str = "sales1") -> Any:
    return client.get("/api/geo/reverse", params={"lat": lat, "lon": lon}, headers=auth(client, user))


@pytest.fixture
def without_leads(client: TestClient) -> Iterator[None]:
    """Approvers lose the one lead page they have (leads/view), as a role that cannot open leads; put back after."""
    policy = client.app.state.policy  # type: ignore[attr-defined]
    rule = ("APPROVER", "leads/view", "read")
    assert policy.enforcer.remove_policy(*rule)
    policy.changed()
    try:
        yield
    finally:
        policy.enforcer.add_policy(*rule)
        policy.changed()


class TestConfig:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        r = client.get("/api/geo/config")
        assert r.status_code == 401 and r.json()["type"] == "Unauthorized"

    def test_a_role_that_cannot_open_leads_is_403(self, client: TestClient, without_leads: None) -> None:
        assert client.get("/api/geo/config", headers=auth(client, "approver1")).status_code == 403

    def test_the_spec_map(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = client.get("/api/geo/config", headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        assert r.json() == {"results": {
            "tileUrl": "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
            "attribution": "&copy; OpenStreetMap contributors",
            "center": {"latitude": -6.26, "longitude": 106.62}, "zoom": 15, "countryCode": "id",
            "searchAvailable": True}}
        assert geocoder.requests == []  # the map's settings are the API's own

    def test_approvers_read_it_too(self, client: TestClient) -> None:
        assert client.get("/api/geo/config", headers=auth(client, "approver1")).status_code == 200

    def test_search_off_says_so(self, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(client.app.state.settings, "geocoder_url", "")  # type: ignore[attr-defined]
        r = client.get("/api/geo/config", headers=auth(client, "sales1"))
        assert r.json()["results"]["searchAvailable"] is False


class TestSearch:
    def test_anonymous_is_401(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = client.get("/api/geo/search", params={"q": "Gading Serpong"})
        assert r.status_code == 401
        assert geocoder.requests == []

    def test_a_role_that_cannot_open_leads_is_403(self, client: TestClient, geocoder: FakeGeocoder,
                                                 without_leads: None) -> None:
        assert search(client, "Gading Serpong", "approver1").status_code == 403
        assert geocoder.requests == []

    def test_places_in_indonesia_by_name(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = search(client, "  Gading   SERPONG ")
        assert r.status_code == 200, r.text
        places = r.json()["results"]
        assert places[0] == {
            "name": "Gading Serpong",
            "address": "Gading Serpong, Kelapa Dua, Kabupaten Tangerang, Banten, 15810, Indonesia",
            "latitude": -6.24, "longitude": 106.63}
        assert [p["name"] for p in places] == ["Gading Serpong", "Summarecon Mall Serpong",
                                               "Universitas Multimedia Nusantara", "Jalan Gading Serpong Boulevard"]
        assert all(abs(p["latitude"] + 6.25) < 0.02 and abs(p["longitude"] - 106.625) < 0.02 for p in places)

    def test_what_the_provider_is_sent(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert search(client, "  Gading   SERPONG ").status_code == 200
        [got] = geocoder.requests
        assert got.path == "/search"
        assert got.params == {"format": "jsonv2", "countrycodes": "id", "limit": "8", "addressdetails": "0",
                              "q": "gading serpong", "accept-language": "id,en"}
        assert got.headers["user-agent"] == "pipeline-crm/0.1 (internal sales CRM; self-hosted)"
        assert "referer" not in got.headers and "cookie" not in got.headers and "authorization" not in got.headers

    def test_the_contact_e_mail_goes_with_it_when_set(self, client: TestClient, geocoder: FakeGeocoder,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
        settings = client.app.state.settings  # type: ignore[attr-defined]
        monkeypatch.setattr(settings, "geocoder_email", "it@nusantara-digital.co.id")
        monkeypatch.setattr(settings, "geocoder_user_agent", "nds-crm/2.0 (it@nusantara-digital.co.id)")
        assert search(client, "Monumen Nasional").json()["results"][0]["name"] == "Monumen Nasional"
        [got] = geocoder.requests
        assert got.params["email"] == "it@nusantara-digital.co.id"
        assert got.headers["user-agent"] == "nds-crm/2.0 (it@nusantara-digital.co.id)"

    def test_only_indonesia(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        # the fake finds Marina Bay Sands for a search without countrycodes=id
        r = search(client, "Marina Bay Sands")
        assert r.status_code == 200 and r.json()["results"] == []

    def test_no_results_is_an_empty_list(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = search(client, "Kampung Tidak Ada")
        assert r.status_code == 200 and r.json() == {"results": []}

    def test_at_most_eight(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert len(search(client, "Serpong").json()["results"]) == 8
        geocoder.ignore_limit = True  # a provider that sends every match (nine here) is cut to eight
        r = search(client, "Serpong Banten")
        assert len(r.json()["results"]) == 8
        assert [g.params["limit"] for g in geocoder.requests] == ["8", "8"]

    @pytest.mark.parametrize("q", ["ab", "  ab  ", "", "     "])
    def test_too_short_is_422(self, client: TestClient, geocoder: FakeGeocoder, q: str) -> None:
        r = search(client, q)
        assert r.status_code == 422
        assert r.json()["messages"] == ["Type at least 3 characters to search for a place."]
        assert r.json()["fields"] == [{"field": "q", "message": "Type at least 3 characters to search for a place."}]
        assert geocoder.requests == []

    def test_too_long_is_422(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = search(client, "Jalan " * 40)  # 239 characters, 234 once trimmed
        assert r.status_code == 422
        assert r.json()["messages"] == ["A place search can have at most 200 characters."]
        assert search(client, "   " + "x" * 200 + "   ").status_code == 200  # 200 once trimmed
        assert search(client, "x" * 401).status_code == 422
        assert len(geocoder.requests) == 1

    def test_a_nul_character_is_422(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = search(client, "Gading\x00Serpong")
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "q"
        assert geocoder.requests == []

    def test_missing_q_is_422(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = client.get("/api/geo/search", headers=auth(client, "sales1"))
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "q"

    def test_a_second_identical_search_is_the_cache(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        first = search(client, "Gading Serpong").json()
        # case and spacing do not make it another search
        assert search(client, "gading  serpong").json() == first
        assert search(client, " GADING SERPONG ", "tl1").json() == first
        assert len(geocoder.requests) == 1
        ttl = client.app.state.redis.ttl("cache:geo-search:gading serpong")  # type: ignore[attr-defined]
        assert 7 * 24 * 3600 - 60 < ttl <= 7 * 24 * 3600

    def test_an_empty_answer_is_kept_too(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert search(client, "Kampung Tidak Ada").json()["results"] == []
        assert search(client, "Kampung Tidak Ada").json()["results"] == []
        assert len(geocoder.requests) == 1


class TestProviderFailures:
    def test_provider_down_is_502(self, client: TestClient, geocoder: FakeGeocoder,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(client.app.state.settings, "geocoder_url",  # type: ignore[attr-defined]
                            f"http://127.0.0.1:{free_port()}")  # nothing listens there
        r = search(client, "Gading Serpong")
        assert r.status_code == 502
        assert r.json() == {"messages": [FAILED], "type": "BadGateway"}

    def test_provider_error_is_502_and_not_kept(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        geocoder.status = 500
        r = search(client, "Gading Serpong")
        assert r.status_code == 502 and r.json()["messages"] == [FAILED]
        assert client.app.state.redis.get("cache:geo-search:gading serpong") is None  # type: ignore[attr-defined]
        # the provider back: the same search asks it again (after the one-second slot) and finds the place
        geocoder.status = 200
        r = search(client, "Gading Serpong")
        assert r.status_code == 200 and r.json()["results"][0]["name"] == "Gading Serpong"
        assert len(geocoder.requests) == 2

    @pytest.mark.parametrize("body", [b"<html>maintenance</html>", b'{"results": []}', b"[{\"lat\": "])
    def test_an_answer_that_is_not_places_is_502(self, client: TestClient, geocoder: FakeGeocoder,
                                                 body: bytes) -> None:
        geocoder.body = body
        r = search(client, "Gading Serpong")
        assert r.status_code == 502 and r.json()["messages"] == [FAILED]

    def test_results_without_a_position_are_left_out(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        geocoder.body = (b'[{"name": "Nowhere", "display_name": "Nowhere"}, {"lat": "nan", "lon": "1"},'
                         b' {"lat": "-6.2", "lon": "106.6", "display_name": "Kelapa Dua, Tangerang, Indonesia"}]')
        r = search(client, "Kelapa Dua")
        assert r.json()["results"] == [{"name": "Kelapa Dua", "address": "Kelapa Dua, Tangerang, Indonesia",
                                        "latitude": -6.2, "longitude": 106.6}]

    def test_a_slow_provider_is_502(self, client: TestClient, geocoder: FakeGeocoder,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(client.app.state.settings, "geocoder_timeout", 0.3)  # type: ignore[attr-defined]
        geocoder.delay = 1.0
        r = search(client, "Gading Serpong")
        assert r.status_code == 502 and r.json()["messages"] == [FAILED]

    def test_search_off_is_503(self, client: TestClient, geocoder: FakeGeocoder,
                               monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(client.app.state.settings, "geocoder_url", "")  # type: ignore[attr-defined]
        for r in (search(client, "Gading Serpong"), reverse(client, -6.24, 106.63)):
            assert r.status_code == 503
            assert r.json() == {"messages": ["Place search is not available."], "type": "ServiceUnavailable"}
        assert geocoder.requests == []


class TestOneRequestASecond:
    def test_two_searches_are_a_second_apart(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert search(client, "Gading Serpong").status_code == 200
        assert search(client, "Monumen Nasional").status_code == 200  # waits for the next second's slot
        first, second = geocoder.requests
        assert second.at - first.at >= 0.95

    def test_a_slot_held_too_long_is_busy(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        # another API process took this second's request, and (say) the next few
        client.app.state.redis.set(service.SLOT_KEY, "1", px=5000)  # type: ignore[attr-defined]
        r = search(client, "Gading Serpong")
        assert r.status_code == 429
        assert r.json() == {"messages": ["Place search is busy, try again in a moment."], "type": "TooManyRequests",
                            "retryAfter": 1}
        assert geocoder.requests == []

    def test_the_cache_needs_no_slot(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert search(client, "Gading Serpong").status_code == 200
        client.app.state.redis.set(service.SLOT_KEY, "1", px=5000)  # type: ignore[attr-defined]
        assert search(client, "gading serpong").status_code == 200
        assert len(geocoder.requests) == 1


class TestReverse:
    def test_anonymous_is_401(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        assert client.get("/api/geo/reverse", params={"lat": -6.24, "lon": 106.63}).status_code == 401
        assert geocoder.requests == []

    def test_the_place_where_the_browser_stands(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = reverse(client, -6.2401234, 106.6301234)
        assert r.status_code == 200, r.text
        assert r.json() == {"results": {
            "name": "Gading Serpong",
            "address": "Gading Serpong, Kelapa Dua, Kabupaten Tangerang, Banten, 15810, Indonesia",
            "latitude": -6.24, "longitude": 106.63}}
        [got] = geocoder.requests
        assert got.path == "/reverse"
        assert got.params == {"format": "jsonv2", "lat": "-6.24012", "lon": "106.63012", "zoom": "18",
                              "accept-language": "id,en"}
        assert got.headers["user-agent"].startswith("pipeline-crm/")

    def test_nowhere_known_is_null(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        r = reverse(client, -8.5, 115.2)
        assert r.status_code == 200 and r.json() == {"results": None}
        # kept like any answer: the same spot asks the provider once
        assert reverse(client, -8.5, 115.2).json() == {"results": None}
        assert len(geocoder.requests) == 1

    def test_the_same_spot_is_the_cache(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        first = reverse(client, -6.1754, 106.8272).json()
        assert first["results"]["name"] == "Monumen Nasional"
        assert reverse(client, -6.175401, 106.827201).json() == first  # within a metre
        assert len(geocoder.requests) == 1

    @pytest.mark.parametrize(("lat", "lon"), [(91, 106.6), (-90.5, 0), (0, 180.01), (0, -181), ("nan", 0),
                                              (0, "inf"), ("north", 1)])
    def test_a_position_out_of_range_is_422(self, client: TestClient, geocoder: FakeGeocoder, lat: Any,
                                            lon: Any) -> None:
        r = reverse(client, lat, lon)
        assert r.status_code == 422, r.text
        assert r.json()["type"] == "ValidationFailed"
        assert geocoder.requests == []

    def test_provider_error_is_502(self, client: TestClient, geocoder: FakeGeocoder) -> None:
        geocoder.status = 503
        r = reverse(client, -6.24, 106.63)
        assert r.status_code == 502 and r.json()["messages"] == [FAILED]
        geocoder.reset()
        geocoder.body = b'"a string"'
        assert reverse(client, -6.2, 106.6).status_code == 502
