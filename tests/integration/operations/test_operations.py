"""Operating the engine is for operators (api/operations): the Temporal UI's links, the operations cookie the web
server checks before the UI, and the codec endpoint that opens sealed payloads for the UI and the CLI."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from temporalio.api.common.v1 import Payload

from api.core.temporal.sealing import ENCODING, SealingCodec, keys_of, parse_keys
from api.operations.access import COOKIE, NO_COOKIE, NOT_AN_OPERATOR
from api.operations.router import BAD_PAYLOAD
from tests.conftest import auth, run_async

UI = "http://127.0.0.1:8233"
DECODE = "/api/operations/codec/decode"


@pytest.fixture
def ui(client: TestClient) -> Iterator[None]:
    settings = client.app.state.settings  # type: ignore[attr-defined]
    before = settings.temporal_ui_url
    settings.temporal_ui_url = UI
    yield
    settings.temporal_ui_url = before


def sealed_body(text: str, client: TestClient) -> dict[str, Any]:
    codec = SealingCodec(parse_keys(keys_of(client.app.state.settings)))  # type: ignore[attr-defined]
    (payload,) = run_async(codec.encode([Payload(metadata={"encoding": b"json/plain"}, data=text.encode())]))
    return {"payloads": [{"metadata": {k: base64.b64encode(v).decode() for k, v in payload.metadata.items()},
                          "data": base64.b64encode(payload.data).decode()}]}


def opened(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(base64.b64decode(p["metadata"]["encoding"]).decode(), base64.b64decode(p["data"]).decode())
            for p in answer["payloads"]]


def operations_cookie(client: TestClient, user: str) -> tuple[str, dict[str, str]]:
    headers = auth(client, user)
    r = client.post("/api/operations/ui-session", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["cache-control"] == "no-store"
    set_cookie = r.headers["set-cookie"]
    assert set_cookie.startswith(f"{COOKIE}=")
    lowered = set_cookie.lower()
    assert "httponly" in lowered and "samesite=strict" in lowered and "path=/" in lowered and "secure" in lowered
    cookie = set_cookie.split(";")[0].split("=", 1)[1]
    client.cookies.set(COOKIE, cookie)  # the test client speaks plain http: it would not send a Secure cookie back
    return cookie, headers


class TestTheCookie:
    def test_an_operator_gets_it_and_the_web_server_lets_them_in(self, client: TestClient, ui: None) -> None:
        operations_cookie(client, "admin")
        assert client.post("/api/operations/ui-session", headers=auth(client, "admin")).json()["results"] == {
            "temporalUiUrl": UI}
        check = client.get("/api/operations/ui-check")
        assert check.status_code == 204 and check.headers["cache-control"] == "no-store"

    @pytest.mark.parametrize("user", ["approver1", "sales1", "tl1", "topmanager"])
    def test_nobody_else_gets_it(self, client: TestClient, user: str) -> None:
        r = client.post("/api/operations/ui-session", headers=auth(client, user))
        assert r.status_code == 403
        assert client.cookies.get(COOKIE) is None

    def test_the_web_server_refuses_without_a_good_cookie(self, client: TestClient) -> None:
        none = client.get("/api/operations/ui-check")
        assert none.status_code == 401 and none.json()["messages"] == [NO_COOKIE]
        client.cookies.set(COOKIE, "not-a-token")
        assert client.get("/api/operations/ui-check").status_code == 401
        # an access token is no operations cookie
        client.cookies.set(COOKIE, auth(client, "admin")["Authorization"].removeprefix("Bearer "))
        assert client.get("/api/operations/ui-check").status_code == 401

    def test_signing_out_ends_it(self, client: TestClient) -> None:
        _, headers = operations_cookie(client, "admin")
        assert client.get("/api/operations/ui-check").status_code == 204
        out = client.post("/api/auth/logout", headers={**headers, "X-Requested-With": "XMLHttpRequest",
                                                       "Origin": client.app.state.settings.public_url})  # type: ignore[attr-defined]
        assert out.status_code == 200, out.text
        assert client.get("/api/operations/ui-check").status_code == 401

    def test_losing_the_page_ends_it(self, client: TestClient, db: Any) -> None:
        operations_cookie(client, "admin")
        policy = client.app.state.policy  # type: ignore[attr-defined]
        policy.enforcer.enable_auto_save(False)  # in this process only: casbin_rule stays as it is
        try:
            policy.enforcer.remove_policy("ADMIN", "*", "*")
            policy.enforcer.add_policy("ADMIN", "system/approval", "read")
            policy._decisions = {}
            refused = client.get("/api/operations/ui-check")
            assert refused.status_code == 403 and refused.json()["messages"] == [NOT_AN_OPERATOR]
        finally:
            policy.enforcer.load_policy()
            policy.enforcer.enable_auto_save(True)
            policy._decisions = {}


class TestTheCodec:
    def test_an_operator_reads_a_sealed_payload_by_cookie_or_bearer(self, client: TestClient, ui: None) -> None:
        body = sealed_body('{"approver_id": 11, "action": "APPROVED"}', client)
        assert "approver_id" not in str(body)
        _, headers = operations_cookie(client, "admin")
        by_cookie = client.post(DECODE, json=body, headers={"Origin": UI})
        assert by_cookie.status_code == 200, by_cookie.text
        assert opened(by_cookie.json()) == [("json/plain", '{"approver_id": 11, "action": "APPROVED"}')]
        assert by_cookie.headers["access-control-allow-origin"] == UI
        assert by_cookie.headers["access-control-allow-credentials"] == "true"
        client.cookies.clear()
        by_bearer = client.post(DECODE, json=body, headers=headers)  # the CLI's --codec-auth
        assert opened(by_bearer.json()) == [("json/plain", '{"approver_id": 11, "action": "APPROVED"}')]
        assert "access-control-allow-origin" not in by_bearer.headers  # no Origin, no CORS

    def test_what_it_cannot_open_it_gives_back_unread(self, client: TestClient) -> None:
        plain = {"payloads": [{"metadata": {"encoding": base64.b64encode(b"json/plain").decode()},
                               "data": base64.b64encode(b'"plain"').decode()}]}
        foreign = {"payloads": [{"metadata": {"encoding": base64.b64encode(ENCODING).decode(),
                                              "encryption-key-id": base64.b64encode(b"other").decode()},
                                 "data": base64.b64encode(b"x" * 40).decode()}]}
        headers = auth(client, "admin")
        assert opened(client.post(DECODE, json=plain, headers=headers).json()) == [("json/plain", '"plain"')]
        assert opened(client.post(DECODE, json=foreign, headers=headers).json()) == [("binary/unreadable", "")]
        bad = client.post(DECODE, json={"payloads": [{"metadata": {"encoding": "%%%"}, "data": ""}]},
                          headers=headers)
        assert bad.status_code == 422 and bad.json()["messages"] == [BAD_PAYLOAD]

    @pytest.mark.parametrize("user", ["approver1", "sales1", "topmanager"])
    def test_others_are_refused(self, client: TestClient, user: str, ui: None) -> None:
        body = sealed_body('"secret"', client)
        refused = client.post(DECODE, json=body, headers={**auth(client, user), "Origin": UI})
        assert refused.status_code == 403 and refused.json()["messages"] == [NOT_AN_OPERATOR]
        assert "secret" not in refused.text
        # the UI can read the refusal (and say why it shows payloads sealed)
        assert refused.headers["access-control-allow-origin"] == UI

    def test_without_credentials_it_answers_401_readable_by_the_ui(self, client: TestClient, ui: None) -> None:
        refused = client.post(DECODE, json=sealed_body('"x"', client), headers={"Origin": UI})
        assert refused.status_code == 401 and refused.headers["access-control-allow-origin"] == UI

    def test_the_ui_origin_may_ask_first_and_no_other(self, client: TestClient, ui: None) -> None:
        asked = client.options(DECODE, headers={"Origin": UI, "Access-Control-Request-Method": "POST",
                                                "Access-Control-Request-Headers": "content-type,x-namespace"})
        assert asked.status_code == 204
        assert asked.headers["access-control-allow-origin"] == UI
        assert "X-Namespace" in asked.headers["access-control-allow-headers"]
        other = client.options(DECODE, headers={"Origin": "https://evil.example", "Access-Control-Request-Method":
                                                "POST"})
        assert "access-control-allow-origin" not in other.headers
