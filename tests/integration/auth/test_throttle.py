"""The sign-in throttle (OWASP ASVS 2.2.1): growing delays per username and address, a limit per address, and no
account lock from any number of addresses: many failures from everywhere make only a new device need a mailed code
(the code itself: test_sign_in_code.py), which an administrator can lift."""

from collections.abc import Iterator

import httpx
import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.users.models import User
from tests.conftest import DEMO_PASSWORD, auth

INVALID = "Invalid username or password combination"
CODE_SENT = "We emailed a code to s***@pipeline-crm.local. Enter it to finish signing in."


def wait(minutes: int) -> str:
    return f"Too many failed sign-in attempts. Try again in {minutes} minute{'' if minutes == 1 else 's'}."


@pytest.fixture(autouse=True)
def minute_delays(client: TestClient) -> Iterator[None]:
    """The first delay is a minute here (a second by default), so that no wait can run out between two calls."""
    settings = client.app.state.settings  # type: ignore[attr-defined]
    before = settings.login_delay_seconds
    settings.login_delay_seconds = 60
    yield
    settings.login_delay_seconds = before


def from_address(client: TestClient, host: str) -> TestClient:
    """The same app, called from another client address."""
    return TestClient(client.app, client=(host, 40000), raise_server_exceptions=False)


def sign_in(client: TestClient, username: str, password: str):  # type: ignore[no-untyped-def]
    return client.post("/api/auth/login", json={"username": username, "password": password})


def waits_pass(r: redis.Redis) -> None:
    """Let every running sign-in wait run out (instead of sleeping through it)."""
    for key in r.scan_iter(match="auth:login:wait:*"):
        r.delete(key)


def user_id(db: Session, username: str) -> int:
    return int(db.scalars(select(User.id).where(User.username == username)).one())


class TestGrowingDelays:
    def test_each_failure_past_the_free_ones_makes_the_address_wait_twice_as_long(self, client: TestClient) -> None:
        hammer = from_address(client, "10.0.0.1")
        r = client.app.state.redis  # type: ignore[attr-defined]
        for _ in range(3):
            assert sign_in(hammer, "sales2", "nope").status_code == 400
        waits = []
        for _ in range(4):
            failed = sign_in(hammer, "sales2", "nope")
            assert failed.status_code == 400
            assert failed.json()["messages"] == [INVALID]
            refused = sign_in(hammer, "sales2", DEMO_PASSWORD)  # even the right password waits
            assert refused.status_code == 429
            assert refused.json()["type"] == "TooManyRequests"
            waits.append(refused.json()["retryAfter"])
            assert refused.json()["messages"] == [wait(waits[-1] // 60)]
            waits_pass(r)
        assert waits == [60, 120, 240, 480]
        assert sign_in(hammer, "sales2", DEMO_PASSWORD).status_code == 200

    def test_the_right_password_from_another_address_signs_in_while_one_address_hammers(
            self, client: TestClient) -> None:
        hammer, owner = from_address(client, "10.0.0.1"), from_address(client, "10.0.0.2")
        for _ in range(10):
            sign_in(hammer, "sales2", "nope")
            waits_pass(client.app.state.redis)  # type: ignore[attr-defined]
        assert sign_in(hammer, "sales2", "nope").status_code == 400
        assert sign_in(hammer, "sales2", DEMO_PASSWORD).status_code == 429
        # the owner's address has its own free failures and signs in
        assert sign_in(owner, "sales2", "typo").status_code == 400
        assert sign_in(owner, "sales2", DEMO_PASSWORD).status_code == 200
        assert sign_in(hammer, "sales2", DEMO_PASSWORD).status_code == 429

    def test_a_success_forgets_the_failures_from_that_address(self, client: TestClient) -> None:
        for _ in range(3):
            assert sign_in(client, "sales2", "nope").status_code == 400
        assert sign_in(client, "sales2", DEMO_PASSWORD).status_code == 200
        for _ in range(4):
            assert sign_in(client, "sales2", "nope").status_code == 400

    def test_an_unknown_username_is_throttled_like_a_known_one(self, client: TestClient) -> None:
        answers = {}
        for name in ("sales2", "nobody-here"):
            for _ in range(4):
                sign_in(client, name, "nope")
            refused = sign_in(client, name, "nope")
            answers[name] = (refused.status_code, refused.json())
        assert answers["sales2"] == answers["nobody-here"] == (
            429, {"messages": [wait(1)], "type": "TooManyRequests", "retryAfter": 60})


class TestAddressLimit:
    def test_one_address_trying_many_usernames_is_stopped_and_others_are_not(self, client: TestClient) -> None:
        sprayer = from_address(client, "10.0.0.3")
        for i in range(50):  # two tries per username: no username reaches its own delays
            assert sign_in(sprayer, f"someone{i // 2}", "Winter2026!").status_code == 400
        refused = sign_in(sprayer, "sales3", DEMO_PASSWORD)
        assert refused.status_code == 429
        assert refused.json()["messages"] == [
            "Too many failed sign-in attempts from your address. Try again in 15 minutes."]
        assert sign_in(from_address(client, "10.0.0.4"), "sales3", DEMO_PASSWORD).status_code == 200


def hammer_from_many_addresses(client: TestClient, username: str, failures: int = 51) -> None:
    """Failures of one username, three from each address (below every address's own delays): 51 come from 17
    addresses, as 17 clients behind the trusted proxy would appear."""
    for i in range(failures):
        r = sign_in(from_address(client, f"10.1.0.{i // 3}"), username, "nope")
        assert r.status_code == 400, r.text
        assert r.json() == {"messages": [INVALID], "type": "BadRequest"}


def needs_code(r: httpx.Response) -> bool:
    return r.status_code == 401 and r.json()["type"] == "DeviceVerificationRequired"


class TestManyAddresses:
    def test_many_failures_from_many_addresses_lock_nobody_out(self, client: TestClient) -> None:
        owner = from_address(client, "10.2.0.1")
        assert sign_in(owner, "sales3", DEMO_PASSWORD).status_code == 200  # the owner's own address, known since
        hammer_from_many_addresses(client, "sales3")
        assert sign_in(owner, "sales3", DEMO_PASSWORD).status_code == 200
        # a fresh address is no lock either: the right password gets a mailed code to finish with
        fresh = sign_in(from_address(client, "10.2.0.2"), "sales3", DEMO_PASSWORD)
        assert fresh.status_code == 401
        body = fresh.json()
        assert (body["messages"], body["type"], body["email"]) == (
            [CODE_SENT], "DeviceVerificationRequired", "s***@pipeline-crm.local")
        assert (body["resendAfter"], body["expiresIn"]) == (30, 600)
        assert len(body["challenge"]) >= 40
        assert "retryAfter" not in body
        assert sign_in(from_address(client, "10.2.0.2"), "sales1", DEMO_PASSWORD).status_code == 200

    def test_below_the_threshold_a_new_address_needs_no_code(self, client: TestClient) -> None:
        hammer_from_many_addresses(client, "sales3", failures=19)
        assert sign_in(from_address(client, "10.2.0.2"), "sales3", DEMO_PASSWORD).status_code == 200

    def test_a_device_that_signed_in_before_needs_no_code_from_a_new_address(self, client: TestClient) -> None:
        first = sign_in(from_address(client, "10.2.0.1"), "sales3", DEMO_PASSWORD)
        device = first.cookies["crm_device"]
        hammer_from_many_addresses(client, "sales3")
        elsewhere = from_address(client, "10.2.0.9")
        assert needs_code(sign_in(elsewhere, "sales3", DEMO_PASSWORD))
        elsewhere.cookies.set("crm_device", device)
        assert sign_in(elsewhere, "sales3", DEMO_PASSWORD).status_code == 200
        # a device cookie this API never set is no device
        stranger = from_address(client, "10.2.0.10")
        stranger.cookies.set("crm_device", "x" * 43)
        assert needs_code(sign_in(stranger, "sales3", DEMO_PASSWORD))

    def test_a_sign_in_from_a_known_address_leaves_the_code_requirement(self, client: TestClient) -> None:
        """The attack may go on: the owner at their desk does not open the door to a new device."""
        owner = from_address(client, "10.2.0.1")
        assert sign_in(owner, "sales3", DEMO_PASSWORD).status_code == 200
        hammer_from_many_addresses(client, "sales3")
        assert sign_in(owner, "sales3", DEMO_PASSWORD).status_code == 200
        assert needs_code(sign_in(from_address(client, "10.2.0.2"), "sales3", DEMO_PASSWORD))

    def test_a_wrong_password_says_nothing_of_a_code(self, client: TestClient) -> None:
        """Under attack or not, known or unknown: a wrong password gets the same answer (only the right one could
        need a code)."""
        quiet = sign_in(from_address(client, "10.2.0.2"), "sales4", "nope")
        for name in ("sales3", "nobody-here"):
            hammer_from_many_addresses(client, name)
            r = sign_in(from_address(client, "10.2.0.2"), name, "nope")
            assert (r.status_code, r.json()) == (quiet.status_code, quiet.json()) == (
                400, {"messages": [INVALID], "type": "BadRequest"})

    def test_an_administrator_lifts_the_code_requirement(self, client: TestClient, db: Session) -> None:
        hammer_from_many_addresses(client, "sales3")
        r = client.post(f"/api/auth/users/{user_id(db, 'sales3')}/unlock", headers=auth(client, "admin"))
        assert r.status_code == 200
        assert r.json()["results"] == {"codeRequired": True}
        assert sign_in(from_address(client, "10.2.0.2"), "sales3", DEMO_PASSWORD).status_code == 200
        again = client.post(f"/api/auth/users/{user_id(db, 'sales3')}/unlock", headers=auth(client, "admin"))
        assert again.json()["results"] == {"codeRequired": False}

    def test_lifting_also_ends_the_delays_of_every_address(self, client: TestClient, db: Session) -> None:
        hammer = from_address(client, "10.0.0.1")
        for _ in range(4):
            sign_in(hammer, "sales3", "nope")
        assert sign_in(hammer, "sales3", DEMO_PASSWORD).status_code == 429
        client.post(f"/api/auth/users/{user_id(db, 'sales3')}/unlock", headers=auth(client, "admin"))
        assert sign_in(hammer, "sales3", DEMO_PASSWORD).status_code == 200


class TestUnlock:
    def test_anonymous_is_a_401(self, client: TestClient) -> None:
        assert client.post("/api/auth/users/1/unlock").status_code == 401

    def test_a_sales_person_is_a_403(self, client: TestClient, db: Session) -> None:
        r = client.post(f"/api/auth/users/{user_id(db, 'sales3')}/unlock", headers=auth(client, "sales1"))
        assert r.status_code == 403

    @pytest.mark.parametrize("missing", [999999, 2**31 - 1])
    def test_an_absent_user_is_a_404(self, client: TestClient, missing: int) -> None:
        r = client.post(f"/api/auth/users/{missing}/unlock", headers=auth(client, "admin"))
        assert r.status_code == 404
        assert r.json()["messages"] == ["User not found."]
