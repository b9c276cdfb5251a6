"""Password checks: on a bounded pool of their own (api/core/password_pool.py), so that a burst of sign-ins is
answered 429 instead of taking the API's threads and cores, and older hashes rewritten with the production
parameters at their user's next sign-in (api/core/security.py)."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from argon2 import PasswordHasher, extract_parameters, profiles
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.core import password_pool, security
from api.users.models import User
from tests.conftest import DEMO_PASSWORD, auth, environment

BUSY = "Too many sign-ins at once. Try again in a moment."
INVALID = "Invalid username or password combination"
NEW_PASSWORD = "Fresh#Start2026!ab"


@contextmanager
def pool_full() -> Iterator[None]:
    """Every worker and every waiting place of the password pool taken until the block ends."""
    pool = password_pool.pool()
    release = threading.Event()
    held = [pool.submit(release.wait, 30) for _ in range(pool.workers + pool.queue)]
    try:
        yield
    finally:
        release.set()
        assert all(f.result(30) for f in held)


def sign_in(client: TestClient, username: str, password: str):  # type: ignore[no-untyped-def]
    return client.post("/api/auth/login", json={"username": username, "password": password})


def user(db: Session, username: str) -> User:
    db.expire_all()
    return db.scalars(select(User).where(User.username == username)).one()


def legacy_hash(password: str) -> str:
    """A hash as the production profile made them before issue 32: RFC 9106's low-memory argon2id (64 MiB, t=3,
    p=4)."""
    return PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY).hash(password)


class TestBusy:
    def test_a_sign_in_while_the_pool_is_full_is_answered_429_with_retry_after_and_counts_no_failure(
            self, client: TestClient, redis_client: redis.Redis) -> None:
        with pool_full():
            answers = [sign_in(client, name, password) for name, password in
                       [("sales2", "nope")] * 6 + [("nobody-here", "nope"), ("sales2", DEMO_PASSWORD)]]
        for r in answers:
            assert r.status_code == 429
            assert r.headers["Retry-After"] == "1"
            assert r.json() == {"messages": [BUSY], "type": "TooManyRequests", "retryAfter": 1}
        # no failure was counted (six would have made this address wait): nothing of the throttle in Redis, and
        # the right password signs in at once
        assert list(redis_client.scan_iter(match="auth:login:*")) == []
        assert sign_in(client, "sales2", DEMO_PASSWORD).status_code == 200

    def test_a_change_of_ones_own_password_while_the_pool_is_full_is_answered_429_and_changes_nothing(
            self, client: TestClient) -> None:
        with pool_full():
            r = client.put("/api/users/me/change-password", headers=auth(client, "sales1"), json={
                "oldPassword": DEMO_PASSWORD, "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert (r.status_code, r.headers["Retry-After"], r.json()["messages"]) == (429, "1", [BUSY])
        assert sign_in(client, "sales1", DEMO_PASSWORD).status_code == 200

    def test_once_the_pool_has_room_again_sign_ins_are_checked(self, client: TestClient) -> None:
        with pool_full():
            assert sign_in(client, "sales3", DEMO_PASSWORD).status_code == 429
        assert sign_in(client, "sales3", "nope").json()["messages"] == [INVALID]
        assert sign_in(client, "sales3", DEMO_PASSWORD).status_code == 200


class TestOlderHashes:
    def test_a_hash_of_rfc_9106_parameters_signs_in_and_is_rewritten_with_owasps(
            self, client: TestClient, db: Session) -> None:
        user(db, "sales1").password_hash = legacy_hash(DEMO_PASSWORD)
        db.commit()
        with environment(PASSWORD_HASH_PROFILE="production"):
            assert sign_in(client, "sales1", DEMO_PASSWORD).status_code == 200
            rewritten = user(db, "sales1").password_hash
            assert extract_parameters(rewritten) == security.PRODUCTION
            assert (extract_parameters(rewritten).time_cost, extract_parameters(rewritten).memory_cost,
                    extract_parameters(rewritten).parallelism) == (2, 19456, 1)
            # the new hash holds the same password, and is kept as it is at the next sign-in
            assert sign_in(client, "sales1", DEMO_PASSWORD).status_code == 200
            assert user(db, "sales1").password_hash == rewritten
            assert sign_in(client, "sales1", "Pipeline#2026!Gone").status_code == 400

    def test_a_failed_sign_in_leaves_the_older_hash_as_it_is(self, client: TestClient, db: Session) -> None:
        legacy = legacy_hash(DEMO_PASSWORD)
        sales2, sales3 = user(db, "sales2"), user(db, "sales3")
        sales2.password_hash = sales3.password_hash = legacy
        sales3.is_active = False
        db.commit()
        with environment(PASSWORD_HASH_PROFILE="production"):
            wrong = sign_in(client, "sales2", "Pipeline#2026!Gone")
            inactive = sign_in(client, "sales3", DEMO_PASSWORD)  # the right password of a deactivated account
        assert (wrong.status_code, wrong.json()["messages"]) == (400, [INVALID])
        assert (inactive.status_code, inactive.json()["messages"]) == (400, [INVALID])
        assert user(db, "sales2").password_hash == legacy
        assert user(db, "sales3").password_hash == legacy
