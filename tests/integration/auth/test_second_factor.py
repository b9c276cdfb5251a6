"""A second factor for password sign-ins (README "Second factor"): setting it up from one's account, signing in with
an authenticator code or a recovery code, replays and wrong codes (throttled as wrong passwords are), a role that
requires it, turning it off and an administrator's reset."""

import re
import time
from collections.abc import Iterator

import httpx
import pyotp
import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.auth.second_factor.models import RecoveryCode, SecondFactor
from api.users.models import Role, User
from tests.conftest import DEMO_PASSWORD, auth
from tests.integration.auth.test_login import refresh
from tests.integration.auth.test_sign_in_code import OWNER, challenged, enter
from tests.integration.auth.test_throttle import from_address, hammer_from_many_addresses, sign_in

USER = "sales2"
CODE_NEEDED = "Enter the 6-digit code from your authenticator app to finish signing in."
EXPIRED = "This sign-in has expired or was already finished. Sign in again."
REPLAYED = "This code was already used. Wait for the next code in your authenticator app."
WRONG = "That code is not right. Check that your phone's clock is right and enter the newest code."
WRONG_RECOVERY = "That recovery code is not right, or it was already used."
RECOVERY = re.compile(r"^[a-z2-9]{5}-[a-z2-9]{5}$")


def fresh_step() -> int:
    """The current 30-second step, with at least 5 s of it left (a test's codes of adjacent steps stay valid)."""
    while 30 - time.time() % 30 < 5:
        time.sleep(0.2)
    return int(time.time() // 30)


def code(secret: str, step: int) -> str:
    return pyotp.TOTP(secret).at(step * 30)


def wrong(real: str) -> str:
    return f"{(int(real) + 1) % 1_000_000:06d}"


def enrol(client: TestClient, username: str = USER, step: int | None = None) -> tuple[str, list[str]]:
    """Set up `username`'s second factor from their account, confirmed with the code of the step before `step` (so
    the current and the next step's codes still sign in); its secret and recovery codes."""
    headers = auth(client, username)
    started = client.post("/api/auth/second-factor/setup", headers=headers)
    assert started.status_code == 200, started.text
    secret = started.json()["results"]["secret"]
    confirmed = client.post("/api/auth/second-factor/confirm", headers=headers,
                            json={"code": code(secret, (step or fresh_step()) - 1)})
    assert confirmed.status_code == 200, confirmed.text
    return secret, confirmed.json()["results"]["recoveryCodes"]


def challenge_of(browser: TestClient, username: str = USER) -> str:
    r = sign_in(browser, username, DEMO_PASSWORD)
    assert r.status_code == 401, r.text
    assert r.json()["type"] == "SecondFactorRequired", r.json()
    assert "crm_refresh" not in r.cookies and "token" not in r.json()
    return str(r.json()["challenge"])


def answer(browser: TestClient, challenge: str, **body: str) -> httpx.Response:
    return browser.post("/api/auth/login/second-factor", json={"challenge": challenge, **body})


def signed_in_as(client: TestClient, r: httpx.Response) -> str:
    assert r.status_code == 200, r.text
    assert r.cookies.get("crm_refresh")
    token = r.json()["results"]["token"]
    session = client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
    return str(session.json()["results"]["user"]["username"])


@pytest.fixture
def settings_restored(client: TestClient) -> Iterator[object]:
    settings = client.app.state.settings  # type: ignore[attr-defined]
    before = settings.login_free_failures, settings.login_delay_seconds
    yield settings
    settings.login_free_failures, settings.login_delay_seconds = before


class TestEnrolment:
    def test_setup_answers_the_secret_its_uri_and_a_qr_code_and_is_on_only_once_confirmed(
            self, client: TestClient, db: Session) -> None:
        assert client.post("/api/auth/second-factor/setup").status_code == 401
        headers = auth(client, USER)
        off = client.get("/api/auth/second-factor", headers=headers).json()["results"]
        assert off == {"enabled": False, "enabledAt": None, "recoveryCodesLeft": 0, "requiredByRole": False}
        started = client.post("/api/auth/second-factor/setup", headers=headers).json()["results"]
        secret = started["secret"]
        assert re.fullmatch(r"[A-Z2-7]{32}", secret)
        assert started["otpauthUri"] == f"otpauth://totp/Pipeline%20CRM:{USER}?secret={secret}&issuer=Pipeline%20CRM"
        assert started["qrSvg"].startswith("<svg") and "</svg>" in started["qrSvg"]
        assert sign_in(client, USER, DEMO_PASSWORD).status_code == 200  # not on yet

        step = fresh_step()
        refused = client.post("/api/auth/second-factor/confirm", headers=headers,
                              json={"code": wrong(code(secret, step))})
        assert (refused.status_code, refused.json()["messages"]) == (400, [WRONG])
        done = client.post("/api/auth/second-factor/confirm", headers=headers, json={"code": code(secret, step)})
        assert done.status_code == 200, done.text
        recovery = done.json()["results"]["recoveryCodes"]
        assert len(recovery) == len(set(recovery)) == 10 and all(RECOVERY.match(c) for c in recovery)
        status = client.get("/api/auth/second-factor", headers=headers).json()["results"]
        assert (status["enabled"], status["recoveryCodesLeft"]) == (True, 10)

        # stored: the secret sealed, the recovery codes as keyed digests, neither in clear
        user_id = db.scalars(select(User.id).where(User.username == USER)).one()
        factor = db.get(SecondFactor, user_id)
        assert factor is not None and secret not in factor.sealed_secret and factor.sealed_secret.startswith("v1:")
        digests = db.scalars(select(RecoveryCode.code_digest).where(RecoveryCode.user_id == user_id)).all()
        assert len(digests) == 10 and not set(digests) & set(recovery)
        assert all(re.fullmatch(r"[0-9a-f]{64}", d) for d in digests)
        # shown once: nothing answers them again
        assert "recoveryCodes" not in status
        again = client.post("/api/auth/second-factor/setup", headers=headers)
        assert again.status_code == 409

    def test_the_confirming_code_cannot_sign_in_again(self, client: TestClient) -> None:
        headers = auth(client, USER)
        secret = client.post("/api/auth/second-factor/setup", headers=headers).json()["results"]["secret"]
        step = fresh_step()
        assert client.post("/api/auth/second-factor/confirm", headers=headers,
                           json={"code": code(secret, step)}).status_code == 200
        r = answer(client, challenge_of(client), code=code(secret, step))
        assert (r.status_code, r.json()["messages"]) == (400, [REPLAYED.removesuffix(".") + ". 4 tries left."])


class TestSignIn:
    def test_a_code_finishes_the_sign_in_once(self, client: TestClient) -> None:
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        asked = sign_in(client, USER, DEMO_PASSWORD)
        assert (asked.status_code, asked.json()["messages"], asked.json()["expiresIn"]) == (401, [CODE_NEEDED], 300)
        challenge = asked.json()["challenge"]
        assert signed_in_as(client, answer(client, challenge, code=code(secret, step))) == USER
        assert answer(client, challenge, code=code(secret, step + 1)).json()["messages"] == [EXPIRED]  # used up

        replayed = answer(client, challenge_of(client), code=code(secret, step))
        assert (replayed.status_code, replayed.json()["messages"]) == (
            400, ["This code was already used. Wait for the next code in your authenticator app. 4 tries left."])
        # the next step's code (a phone's clock a little ahead) is accepted
        assert signed_in_as(client, answer(client, challenge_of(client), code=code(secret, step + 1))) == USER

    def test_a_recovery_code_signs_in_once(self, client: TestClient) -> None:
        _, recovery = enrol(client)
        first = recovery[3]
        typed = first.upper().replace("-", " ")  # as read off paper
        assert signed_in_as(client, answer(client, challenge_of(client), recoveryCode=typed)) == USER
        reused = answer(client, challenge_of(client), recoveryCode=first)
        assert (reused.status_code, reused.json()["messages"]) == (
            400, [WRONG_RECOVERY.removesuffix(".") + ". 4 tries left."])
        headers = auth(client, USER)
        assert client.get("/api/auth/second-factor", headers=headers).json()["results"]["recoveryCodesLeft"] == 9

    def test_both_answers_or_none_are_refused(self, client: TestClient) -> None:
        _, recovery = enrol(client)
        challenge = challenge_of(client)
        assert answer(client, challenge).status_code == 422
        assert answer(client, challenge, code="123456", recoveryCode=recovery[0]).status_code == 422
        assert answer(client, "not-a-challenge", code="123456").json()["messages"] == [EXPIRED]

    def test_wrong_codes_count_like_wrong_passwords(self, client: TestClient, settings_restored: object) -> None:
        settings_restored.login_delay_seconds = 60  # type: ignore[attr-defined]  # no wait runs out meanwhile
        secret, _ = enrol(client)
        browser = from_address(client, "10.70.0.1")
        challenge = challenge_of(browser)
        for left in (4, 3, 2, 1):  # three free failures, then a wait, as for passwords
            r = answer(browser, challenge, code=wrong(pyotp.TOTP(secret).now()))
            tries = f"{left} {'try' if left == 1 else 'tries'} left."
            assert (r.status_code, r.json()["messages"]) == (400, [WRONG.removesuffix(".") + ". " + tries])
        waited = answer(browser, challenge, code=pyotp.TOTP(secret).now())
        assert waited.status_code == 429, waited.text
        assert waited.json()["messages"] == ["Too many failed sign-in attempts. Try again in 1 minute."]
        # and the password of that username from that address waits too
        assert sign_in(browser, USER, DEMO_PASSWORD).status_code == 429
        # another address is not affected
        other = from_address(client, "10.70.0.2")
        assert challenge_of(other)

    def test_a_challenge_ends_after_five_wrong_codes(self, client: TestClient, settings_restored: object) -> None:
        settings_restored.login_free_failures = 100  # type: ignore[attr-defined]  # the challenge's own limit alone
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        challenge = challenge_of(client)
        for _ in range(4):
            assert answer(client, challenge, code=wrong(code(secret, step))).status_code == 400
        last = answer(client, challenge, code=wrong(code(secret, step)))
        assert last.json()["messages"] == ["Too many wrong codes. Sign in again."]
        assert answer(client, challenge, code=code(secret, step)).json()["messages"] == [EXPIRED]
        assert signed_in_as(client, answer(client, challenge_of(client), code=code(secret, step))) == USER

    def test_a_password_change_ends_a_pending_challenge(self, client: TestClient, db: Session) -> None:
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        challenge = challenge_of(client)
        user = db.scalars(select(User).where(User.username == USER)).one()
        user.password_hash = "changed"
        db.flush()
        r = answer(client, challenge, code=code(secret, step))
        assert (r.status_code, r.json()["messages"]) == (400, [EXPIRED])

    def test_password_sign_in_turned_off_meanwhile_ends_a_pending_challenge(self, client: TestClient,
                                                                           db: Session) -> None:
        """The switch holds on every step of a password sign-in, not only at the password."""
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        challenge = challenge_of(client)
        user = db.scalars(select(User).where(User.username == USER)).one()
        user.password_sign_in = False
        db.flush()
        r = answer(client, challenge, code=code(secret, step))
        assert r.status_code == 403 and "turned off for your account" in r.json()["messages"][0]


def require_for(db: Session, role_name: str) -> None:
    role = db.scalars(select(Role).where(Role.name == role_name)).one()
    role.require_second_factor = True
    db.flush()


class TestRequiredForARole:
    def test_a_user_without_one_enrols_before_a_session_opens(self, client: TestClient, db: Session) -> None:
        admin = auth(client, "admin")
        role = client.get("/api/menu-access/role-list", headers=admin).json()["results"]
        sales = next(r for r in role if r["roleName"] == "SALES")
        assert sales["requireSecondFactor"] is False
        saved = client.post("/api/menu-access", headers=admin, json={
            "id": sales["id"], "roleDescription": sales["roleDescription"],
            "dashboardComponent": sales["dashboardComponent"], "hierarchyWhitelist": sales["hierarchyWhitelist"],
            "requireSecondFactor": True})
        assert saved.status_code == 200, saved.text
        assert saved.json()["results"]["role"]["requireSecondFactor"] is True

        asked = sign_in(client, USER, DEMO_PASSWORD)
        assert asked.status_code == 401 and "crm_refresh" not in asked.cookies
        body = asked.json()
        assert body["type"] == "SecondFactorEnrolmentRequired"
        assert body["messages"] == ["Your role requires a second factor. Add this account to an authenticator app, "
                                    "then enter the code it shows to finish signing in."]
        assert body["otpauthUri"].startswith(f"otpauth://totp/Pipeline%20CRM:{USER}?secret={body['secret']}")
        assert body["qrSvg"].startswith("<svg") and body["expiresIn"] == 900
        # an enrolment challenge does not sign in with a code: it only enrols
        assert answer(client, body["challenge"], code=pyotp.TOTP(body["secret"]).now()).status_code == 400

        step = fresh_step()
        enrol_at = "/api/auth/login/second-factor/enrol"
        refused = client.post(enrol_at, json={"challenge": body["challenge"],
                                              "code": wrong(code(body["secret"], step))})
        assert refused.json()["messages"] == ["That code is not right. 4 tries left."]
        done = client.post(enrol_at, json={"challenge": body["challenge"], "code": code(body["secret"], step)})
        assert done.status_code == 200, done.text
        assert len(done.json()["results"]["recoveryCodes"]) == 10
        assert signed_in_as(client, done) == USER
        # from now on a code is asked for, and the factor cannot be turned off
        later = challenge_of(client)
        assert signed_in_as(client, answer(client, later, code=code(body["secret"], step + 1))) == USER
        off = client.post("/api/auth/second-factor/disable", headers=auth(client, USER),
                          json={"recoveryCode": done.json()["results"]["recoveryCodes"][0]})
        assert off.status_code == 409 and "Your role requires a second factor" in off.json()["messages"][0]

    def test_turning_it_on_ends_the_sessions_of_those_without_one(self, client: TestClient) -> None:
        """A session opened before would otherwise renew itself without a second factor for its refresh token's
        life; those who have one keep theirs."""
        step = fresh_step()
        secret, _ = enrol(client, "sales1", step=step)
        without = sign_in(client, USER, DEMO_PASSWORD).cookies["crm_refresh"]
        with_one = answer(client, challenge_of(client, "sales1"), code=code(secret, step)).cookies["crm_refresh"]
        admin = auth(client, "admin")
        sales = next(r for r in client.get("/api/menu-access/role-list", headers=admin).json()["results"]
                     if r["roleName"] == "SALES")
        saved = client.post("/api/menu-access", headers=admin, json={
            "id": sales["id"], "roleDescription": sales["roleDescription"],
            "dashboardComponent": sales["dashboardComponent"], "hierarchyWhitelist": sales["hierarchyWhitelist"],
            "requireSecondFactor": True})
        assert saved.status_code == 200, saved.text
        assert refresh(client, without).status_code == 401  # they enrol at the next sign-in
        assert refresh(client, with_one).status_code == 200
        assert sign_in(client, USER, DEMO_PASSWORD).json()["type"] == "SecondFactorEnrolmentRequired"

    def test_other_roles_sign_in_as_before(self, client: TestClient, db: Session) -> None:
        require_for(db, "SALES")
        assert sign_in(client, "tl1", DEMO_PASSWORD).status_code == 200
        assert sign_in(client, "sales1", DEMO_PASSWORD).json()["type"] == "SecondFactorEnrolmentRequired"


class TestTurningOffAndRenewing:
    def test_turning_off_needs_a_current_code(self, client: TestClient) -> None:
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        headers = auth(client, USER)
        refused = client.post("/api/auth/second-factor/disable", headers=headers,
                              json={"code": wrong(code(secret, step))})
        assert (refused.status_code, refused.json()["messages"]) == (400, [WRONG])
        off = client.post("/api/auth/second-factor/disable", headers=headers, json={"code": code(secret, step)})
        assert off.status_code == 200 and off.json()["results"]["enabled"] is False
        assert sign_in(client, USER, DEMO_PASSWORD).status_code == 200  # the password alone again

    def test_new_recovery_codes_replace_the_old_ones(self, client: TestClient) -> None:
        step = fresh_step()
        secret, old = enrol(client, step=step)
        headers = auth(client, USER)
        assert client.post("/api/auth/second-factor/recovery-codes", headers=headers, json={}).status_code == 422
        renewed = client.post("/api/auth/second-factor/recovery-codes", headers=headers,
                              json={"code": code(secret, step)})
        assert renewed.status_code == 200, renewed.text
        new = renewed.json()["results"]["recoveryCodes"]
        assert len(new) == 10 and not set(new) & set(old)
        assert answer(client, challenge_of(client), recoveryCode=old[0]).status_code == 400
        assert signed_in_as(client, answer(client, challenge_of(client), recoveryCode=new[0])) == USER


class TestAdministratorReset:
    def test_an_administrator_resets_a_lost_factor_and_it_is_audited(self, client: TestClient, db: Session) -> None:
        enrol(client)
        user_id = db.scalars(select(User.id).where(User.username == USER)).one()
        at = f"/api/auth/users/{user_id}/second-factor"
        assert client.delete(at).status_code == 401
        assert client.delete(at, headers=auth(client, "sales1")).status_code == 403
        assert client.delete("/api/auth/users/999999/second-factor", headers=auth(client, "admin")).status_code == 404
        admin = auth(client, "admin")
        assert client.get(at, headers=admin).json()["results"]["enabled"] is True
        reset = client.delete(at, headers=admin)
        assert reset.status_code == 200 and reset.json()["results"]["enabled"] is False
        entry = db.scalars(select(AuditEntry).where(AuditEntry.subject_id == str(user_id))
                           .order_by(AuditEntry.id.desc())).first()
        assert entry is not None and entry.action == "SECOND_FACTOR_RESET" and entry.subject == "USER"
        assert client.delete(at, headers=admin).status_code == 409  # nothing left to reset
        assert sign_in(client, USER, DEMO_PASSWORD).status_code == 200
        assert not db.scalars(select(RecoveryCode).where(RecoveryCode.user_id == user_id)).all()

    def test_the_redis_challenge_holds_no_code_or_secret(self, client: TestClient) -> None:
        secret, recovery = enrol(client)
        challenge_of(client)
        r: redis.Redis = client.app.state.redis  # type: ignore[attr-defined]
        (key,) = r.scan_iter(match="auth:login:2fa:*", count=1000)
        stored = " ".join(str(v) for v in r.hgetall(key).values())
        assert secret not in stored and recovery[0] not in stored
        assert 290 < r.ttl(key) <= 300


@pytest.mark.usefixtures("worker")
class TestWithTheMailedCode:
    """A username under attack (api.auth.throttle): its new devices need a mailed code, unless the user has a second
    factor, which proves more; a role's requirement still applies after the mailed code."""

    def test_a_second_factor_replaces_the_mailed_code(self, client: TestClient) -> None:
        step = fresh_step()
        secret, _ = enrol(client, OWNER, step=step)
        hammer_from_many_addresses(client, OWNER)
        laptop = from_address(client, "10.80.0.1")
        assert signed_in_as(client, answer(laptop, challenge_of(laptop, OWNER), code=code(secret, step))) == OWNER
        # signing in with it ended the mark, as a mailed code does: the next new address is not asked for a mail
        assert challenge_of(from_address(client, "10.80.0.2"), OWNER)

    def test_the_mailed_code_then_the_enrolment_the_role_requires(self, client: TestClient, db: Session) -> None:
        require_for(db, "SALES")
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, mailed = challenged(client, "10.80.0.3")
        r = enter(laptop, challenge, mailed)
        assert r.status_code == 401 and r.json()["type"] == "SecondFactorEnrolmentRequired", r.text
        done = laptop.post("/api/auth/login/second-factor/enrol", json={
            "challenge": r.json()["challenge"], "code": pyotp.TOTP(r.json()["secret"]).now()})
        assert signed_in_as(client, done) == OWNER


class TestRefusals:
    def test_anonymous_callers_and_other_roles_are_refused(self, client: TestClient, db: Session) -> None:
        for method, path in (("GET", "/api/auth/second-factor"), ("POST", "/api/auth/second-factor/confirm"),
                             ("POST", "/api/auth/second-factor/disable"),
                             ("POST", "/api/auth/second-factor/recovery-codes"),
                             ("GET", "/api/auth/users/1/second-factor")):
            assert client.request(method, path, json={"code": "123456"}).status_code == 401, path
        user_id = db.scalars(select(User.id).where(User.username == "tl1")).one()
        sales = auth(client, USER)
        assert client.get(f"/api/auth/users/{user_id}/second-factor", headers=sales).status_code == 403
        assert client.get("/api/auth/users/999999/second-factor", headers=auth(client, "admin")).status_code == 404
        assert client.post("/api/auth/second-factor/disable", headers=sales,
                           json={"code": "123456"}).status_code == 409  # not on

    def test_a_secret_the_server_key_no_longer_opens_is_a_clear_refusal(self, client: TestClient,
                                                                        db: Session) -> None:
        step = fresh_step()
        secret, _ = enrol(client, step=step)
        factor = db.get(SecondFactor, db.scalars(select(User.id).where(User.username == USER)).one())
        assert factor is not None
        factor.sealed_secret = "v1:" + "A" * 60  # as sealed under another key
        db.flush()
        r = answer(client, challenge_of(client), code=code(secret, step))
        assert r.status_code == 409
        assert r.json()["messages"] == ["Your second factor cannot be checked on this server (its key changed). Ask "
                                        "an administrator to reset it."]
