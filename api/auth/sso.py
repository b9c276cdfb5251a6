"""Signing in through an OpenID provider (authorization code with PKCE): the start, the provider's answer, and what
follows the product's session afterwards (the provider's sign-out, a back-channel logout, a leaver's refresh).

After the handshake a person has the product's own session, exactly as a password sign-in gives (api.auth.service
.sign_in): the refresh cookie and the access rules are the product's. Every refusal is a Failed with a code the sign-in
page turns into a message, and a log line; none leaves a half-made account (one transaction, rolled back)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import redis
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.auth import service as auth_service
from api.auth import sessions
from api.auth.oidc import accounts, mappings, records
from api.core.config import OidcProvider, Settings
from api.core.redis import count_in_window
from api.core.security import digest, new_secret

if TYPE_CHECKING:
    from api.auth.oidc import protocol

log = logging.getLogger(__name__)

START_LIMIT = 30  # sign-ins through a provider started from one address in 15 minutes
_START_RATE_PREFIX = "auth:oidc:start-rate:"


class Failed(Exception):
    """A sign-in through a provider that did not happen: `code` is what /signin?oidc_error= shows."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class Started:
    url: str  # the provider's authorization URL
    browser: str  # the cookie that ties the answer to this browser


def redirect_uri(settings: Settings, key: str) -> str:
    """The callback URL to register at the provider."""
    return f"{settings.public_url}/api/auth/oidc/{key}/callback"


def _provider(settings: Settings, key: str) -> OidcProvider:
    provider = settings.oidc_provider(key)
    if provider is None:
        raise Failed("unknown_provider", f"no provider {key!r} is configured")
    return provider


def _metadata(settings: Settings, provider: OidcProvider) -> protocol.Metadata:
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    try:
        return protocol.metadata(provider, settings.oidc_timeout)
    except protocol.ProviderDown as exc:
        raise Failed("unavailable", f"discovery failed: {exc}") from exc


def safe_return(path: str | None) -> str:
    """A path of this app only (never another site)."""
    if path and path.startswith("/") and not path.startswith("//") and "\\" not in path and \
            not path.startswith(("/signin", "/signout", "/api/")):
        return path[:500]
    return "/"


def start(*, redis_client: redis.Redis, settings: Settings, key: str, return_to: str | None,
          address: str) -> Started:
    """A sign-in sent to the provider: its state, nonce and PKCE verifier kept for ten minutes, for this browser.
    At most START_LIMIT from one address in 15 minutes (each keeps a record in Redis for ten minutes)."""
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    provider = _provider(settings, key)
    started, _ = count_in_window(redis_client, _START_RATE_PREFIX + digest(address)[:32], 900)
    if started > START_LIMIT:
        raise Failed("busy", "too many sign-ins started from this address")
    meta = _metadata(settings, provider)
    state, nonce, verifier, browser = new_secret(24), new_secret(24), new_secret(48), new_secret(24)
    records.save_pending(redis_client, state, records.Pending(
        provider=key, verifier=verifier, nonce=nonce, browser=digest(browser), return_to=safe_return(return_to)))
    url = protocol.authorization_url(provider, meta, redirect_uri=redirect_uri(settings, key), state=state,
                                     nonce=nonce, verifier=verifier)
    return Started(url=url, browser=browser)


@dataclass(frozen=True)
class Finished:
    pair: auth_service.TokenPair
    return_to: str


def _claims(settings: Settings, provider: OidcProvider, meta: protocol.Metadata, pending: records.Pending,
            code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The provider's tokens for the code, and the person's claims: the checked ID token's, with the userinfo
    answer's for what the ID token does not carry (the same subject only)."""
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    try:
        tokens = protocol.exchange(provider, meta, code=code, verifier=pending.verifier,
                                   redirect_uri=redirect_uri(settings, provider.key), timeout=settings.oidc_timeout)
    except protocol.ProviderRefused as exc:
        raise Failed("code", f"the token endpoint refused the code: {exc.error}") from exc
    except protocol.ProviderDown as exc:
        raise Failed("unavailable", f"the token endpoint failed: {exc}") from exc
    id_token = tokens.get("id_token")
    if not isinstance(id_token, str):
        raise Failed("token", "the token answer has no ID token")
    access_token = tokens.get("access_token") if isinstance(tokens.get("access_token"), str) else None
    try:
        claims = protocol.id_token_claims(provider, meta, id_token=id_token, nonce=pending.nonce,
                                          access_token=access_token, timeout=settings.oidc_timeout)
    except protocol.TokenRejected as exc:
        raise Failed("token", f"the ID token was refused: {exc}") from exc
    except protocol.ProviderDown as exc:
        raise Failed("unavailable", f"the provider's keys could not be read: {exc}") from exc
    if access_token:
        try:
            info = protocol.userinfo(meta, access_token, settings.oidc_timeout)
        except protocol.ProviderDown as exc:
            raise Failed("unavailable", f"the userinfo endpoint failed: {exc}") from exc
        if info.get("sub") == claims["sub"]:
            claims = {**info, **claims}
    return tokens, claims


def finish(*, session: Session, redis_client: redis.Redis, settings: Settings, key: str, state: str | None,
           code: str | None, error: str | None, browser: str | None) -> Finished:
    """The provider's answer: the sign-in of this state from this browser, once; the code exchanged and the ID token
    checked; the person's account found, linked or made; their mapped role; the product's session opened."""
    pending = records.take_pending(redis_client, state) if state else None
    if pending is None or pending.provider != key or not browser or digest(browser) != pending.browser:
        raise Failed("state", "unknown, used or expired state, or another browser's")
    provider = _provider(settings, key)
    if error or not code:
        raise Failed("denied", f"the provider answered {error or 'no code'}")
    meta = _metadata(settings, provider)
    tokens, claims = _claims(settings, provider, meta, pending, code)
    try:
        role = mappings.mapped_role(session, provider, claims)
        found = accounts.resolve(session, provider, claims, role=role)
        if found.created:
            session.commit()
            log.info("an inactive account, user %s, was made for a person of %s", found.user.id, key)
            raise Failed("pending", "a new account waits for an administrator")
        if not found.user.is_active:  # an account made for them and not activated yet, or a deactivated one
            waiting = found.identity.linked_by == accounts.PROVISIONED and found.user.last_sign_in_at is None
            user_id = found.user.id
            session.rollback()  # nothing of this sign-in is kept (a link to an inactive account neither)
            raise Failed("pending" if waiting else "inactive", f"user {user_id} is not active")
        mappings.give_role(session, provider=provider, user=found.user, role=role)
        found.identity.last_sign_in_at = func.now()
        pair = auth_service.sign_in(session=session, redis_client=redis_client, settings=settings, user=found.user)
    except accounts.Refused as exc:
        session.rollback()
        raise Failed(exc.code, str(exc)) from exc
    except IntegrityError as exc:  # the same person's two sign-ins at once: one links, the other tries again
        session.rollback()
        raise Failed("failed", "a link was made by another sign-in meanwhile") from exc
    sid = sessions.session_of(pair.refresh_token)
    records.open_session(redis_client, key=settings.signing_key(), session_id=sid,
                         ttl_seconds=settings.refresh_token_days * 86400, record=records.ProviderSession(
                             provider=key, subject=str(claims["sub"]),
                             provider_sid=claims["sid"] if isinstance(claims.get("sid"), str) else None,
                             id_token=tokens.get("id_token"),
                             refresh_token=tokens.get("refresh_token") if isinstance(tokens.get("refresh_token"),
                                                                                     str) else None))
    log.info("user %s signed in with %s", found.user.id, key)
    return Finished(pair=pair, return_to=pending.return_to)
