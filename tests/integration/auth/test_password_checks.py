"""Password checks: older hashes rewritten with the production parameters at their user's next sign-in
(api/core/security.py)."""

from argon2 import PasswordHasher, extract_parameters, profiles
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.core import security
from api.users.models import User
from tests.conftest import DEMO_PASSWORD, environment

INVALID = "Invalid username or password combination"


def sign_in(client: TestClient, username: str, password: str):  # type: ignore[no-untyped-def]
    return client.post("/api/auth/login", json={"username": username, "password": password})


def user(db: Session, username: str) -> User:
    db.expire_all()
    return db.scalars(select(User).where(User.username == username)).one()


def legacy_hash(password: str) -> str:
    """A hash as the production profile made them before issue 32: RFC 9106's low-memory argon2id (64 MiB, t=3,
    p=4)."""
    return PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY).hash(password)


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
