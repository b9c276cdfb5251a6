"""Every way a sign-in through an OpenID provider can go wrong is refused the same way: the browser goes back to the
sign-in page with a code it turns into a message (no token, no detail in the URL), a log line says why, never a 500,
and no account, link or session is left behind. The provider is the real one (tests/oidc_provider.py); a
misbehaving one is the same provider told to change its next ID token (its admin route), a down one an address
nothing listens on, or a second provider stopped mid-sign-in."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlencode, urlsplit

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.auth.oidc.models import OidcIdentity
from api.auth.sso import START_LIMIT
from api.core.embedded import free_port
from api.users.models import User
from tests.integration.auth.sso import CALLBACK, Sso, refused_with
from tests.oidc_provider import client_metadata, query_of, sign_in_at_provider, start_provider


@contextmanager
def nothing_left(db: Session, caplog: pytest.LogCaptureFixture, code: str) -> Iterator[None]:
    """No user, link or session more afterwards, and a log line naming the refusal."""
    users = db.scalar(select(func.count()).select_from(User))
    links = db.scalar(select(func.count()).select_from(OidcIdentity))
    with caplog.at_level(logging.WARNING):
        yield
    assert db.scalar(select(func.count()).select_from(User)) == users
    assert db.scalar(select(func.count()).select_from(OidcIdentity)) == links
    assert any(f"refused: {code}" in r.getMessage() for r in caplog.records), caplog.text


def _with_query(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{urlencode({**query_of(url), **changes})}"


class TestState:
    def test_a_wrong_state_is_refused(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        with nothing_left(db, caplog, "state"):
            assert refused_with(sso.callback(_with_query(back, state="forged-state"), started.browser)) == "state"

    def test_the_right_state_from_another_browser_is_refused(self, sso: Sso, db: Session,
                                                             caplog: pytest.LogCaptureFixture) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        with nothing_left(db, caplog, "state"):
            assert refused_with(sso.callback(back, None)) == "state"
            assert refused_with(sso.callback(back, "another-browsers-cookie")) == "state"

    def test_an_answer_comes_once(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        sso.client.cookies.clear()
        assert sso.callback(back, started.browser).headers["location"] == "/"
        with caplog.at_level(logging.WARNING):
            assert refused_with(sso.callback(back, started.browser)) == "state"
        assert "refused: state" in caplog.text

    def test_too_many_sign_ins_started_from_one_address_are_refused(self, sso: Sso, db: Session,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
        for _ in range(START_LIMIT):
            sso.start()
        with nothing_left(db, caplog, "busy"):
            r = sso.client.get("/api/auth/oidc/test/start", follow_redirects=False)
            assert refused_with(r) == "busy"

    def test_an_unknown_provider_is_refused(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture) -> None:
        with nothing_left(db, caplog, "unknown_provider"):
            r = sso.client.get("/api/auth/oidc/nope/start", follow_redirects=False)
            assert refused_with(r) == "unknown_provider"


class TestCode:
    def test_a_replayed_code_is_refused_by_the_provider(self, sso: Sso, db: Session,
                                                        caplog: pytest.LogCaptureFixture) -> None:
        first = sso.start()
        used = sso.at_provider(first, "p-andi")
        assert sso.callback(used, first.browser).headers["location"] == "/"
        # a new sign-in of this browser answered with the code the first one used
        second = sso.start()
        state = query_of(sso.at_provider(second, "p-andi"))["state"]
        with nothing_left(db, caplog, "code"):
            assert refused_with(sso.callback(_with_query(used, state=state), second.browser)) == "code"

    def test_a_person_who_declines_at_the_provider_is_refused(self, sso: Sso, db: Session,
                                                               caplog: pytest.LogCaptureFixture) -> None:
        started = sso.start()
        with httpx.Client(timeout=10) as browser:
            interaction = browser.get(started.authorization_url)
            assert interaction.is_redirect
            abort = httpx.URL(started.authorization_url).join(interaction.headers["location"] + "/abort")
            r = browser.get(abort, follow_redirects=False)
            while not r.headers["location"].startswith(CALLBACK):
                r = browser.get(httpx.URL(str(r.url)).join(r.headers["location"]), follow_redirects=False)
        assert query_of(r.headers["location"])["error"] == "access_denied"
        with nothing_left(db, caplog, "denied"):
            assert refused_with(sso.callback(r.headers["location"], started.browser)) == "denied"


class TestIdToken:
    @pytest.mark.parametrize("claims", [
        pytest.param({"aud": "another-client"}, id="wrong audience"),
        pytest.param({"aud": ["another-client"], "azp": "crm"}, id="another audience naming us as azp"),
        pytest.param({"nonce": "another-sign-ins-nonce"}, id="wrong nonce"),
        pytest.param({"iss": "http://127.0.0.1:1/impostor"}, id="wrong issuer"),
        pytest.param({"exp": int(time.time()) - 3600, "iat": int(time.time()) - 7200}, id="expired"),
    ])
    def test_an_id_token_failing_a_check_is_refused(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture,
                                                    claims: dict[str, object]) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        sso.provider.tamper(claims)
        with nothing_left(db, caplog, "token"):
            assert refused_with(sso.callback(back, started.browser)) == "token"

    def test_an_id_token_signed_by_another_key_is_refused(self, sso: Sso, db: Session,
                                                          caplog: pytest.LogCaptureFixture) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        sso.provider.tamper(rogue_key=True)
        with nothing_left(db, caplog, "token"):
            assert refused_with(sso.callback(back, started.browser)) == "token"

    def test_the_same_tampering_left_out_signs_in(self, sso: Sso) -> None:
        started = sso.start()
        back = sso.at_provider(started, "p-andi")
        sso.provider.tamper({})  # re-signed by the provider's own key with its own claims: a good token
        assert sso.callback(back, started.browser).headers["location"] == "/"


class TestProviderDown:
    def test_at_the_start(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture) -> None:
        sso.configure(provider={"issuer": f"http://127.0.0.1:{free_port()}"}, oidc_timeout=2)
        with nothing_left(db, caplog, "unavailable"):
            assert refused_with(sso.client.get("/api/auth/oidc/test/start", follow_redirects=False)) == "unavailable"

    def test_between_the_sign_in_and_its_answer(self, sso: Sso, db: Session, caplog: pytest.LogCaptureFixture,
                                                tmp_path: object) -> None:
        port = free_port()
        short_lived = start_provider(sso.provider.log.parent, port=port,
                                     clients=[client_metadata("http://testserver", "test")])
        try:
            sso.configure(provider={"issuer": short_lived.issuer}, oidc_timeout=2)
            started = sso.start()
            back = sign_in_at_provider(started.authorization_url, "p-andi", stop_at=CALLBACK)
        finally:
            short_lived.stop()
        with nothing_left(db, caplog, "unavailable"):
            assert refused_with(sso.callback(back, started.browser)) == "unavailable"
