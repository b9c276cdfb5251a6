"""What follows a product session opened through an OpenID provider: signing out of the provider too (RP-Initiated
Logout), and a leaver losing access (the provider refuses their refresh token at a refresh's check, or tells the
product by back-channel logout). api.auth.service calls the first two at sign-out and refresh."""

from __future__ import annotations

import logging

import redis

from api.auth import sessions
from api.auth.oidc import records
from api.core.config import Settings

log = logging.getLogger(__name__)


class LogoutRefused(Exception):
    """A back-channel logout token that failed a check, or came a second time."""


def post_logout_uri(settings: Settings) -> str:
    """Where the provider sends the browser after its sign-out (register it at the provider too)."""
    return f"{settings.public_url}/signin"


def end_session_url(*, redis_client: redis.Redis, settings: Settings, session_id: str) -> str | None:
    """At sign-out, the provider's end-session URL when this session came from a provider (its record goes with the
    session: sessions.close)."""
    record = records.get_session(redis_client, key=settings.signing_key(), session_id=session_id)
    provider = settings.oidc_provider(record.provider) if record else None
    if record is None or provider is None:
        return None  # a password session: signing out loads nothing of the providers'
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    try:
        meta = protocol.metadata(provider, settings.oidc_timeout)
    except protocol.ProviderDown as exc:
        log.warning("signing out of %s: its end-session URL is unknown (%s)", provider.key, exc)
        return None
    return protocol.end_session_url(provider, meta, id_token=record.id_token,
                                    post_logout_redirect_uri=post_logout_uri(settings))


def still_signed_in(*, redis_client: redis.Redis, settings: Settings, session_id: str) -> bool:
    """At a refresh: False when the session came from a provider that no longer honours its person (a leaver,
    disabled there: their provider refresh token is refused). Asked at most every `oidc_check_minutes`; a provider
    that does not answer is asked again at the next refresh (its people are not signed out by its outage)."""
    key = settings.signing_key()
    record = records.get_session(redis_client, key=key, session_id=session_id)
    if record is None or not record.refresh_token:
        return True  # a password session, or a provider that granted no refresh token (back-channel logout only)
    provider = settings.oidc_provider(record.provider)
    if provider is None:
        log.warning("session of a provider no longer configured (%s): ended", record.provider)
        return False
    if not records.due_for_check(redis_client, session_id, int(settings.oidc_check_minutes * 60)):
        return True
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    try:
        meta = protocol.metadata(provider, settings.oidc_timeout)
        tokens = protocol.refresh(provider, meta, refresh_token=record.refresh_token, timeout=settings.oidc_timeout)
    except protocol.ProviderRefused as exc:
        log.warning("%s refused a session's refresh (%s): the session is ended", provider.key, exc.error)
        return False  # the caller closes the session, and its record with it
    except protocol.ProviderDown as exc:
        log.warning("%s could not be asked about a session (%s): asked again at the next refresh", provider.key, exc)
        records.check_again(redis_client, session_id)
        return True
    new = tokens.get("refresh_token")
    records.keep_session(redis_client, key=key, session_id=session_id, ttl_seconds=settings.refresh_token_days * 86400,
                         refresh_token=new if isinstance(new, str) else None)
    return True


def back_channel_logout(*, redis_client: redis.Redis, settings: Settings, key: str, logout_token: str) -> int:
    """A provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): the product sessions of its person
    (or its session) end at once. Returns how many; LogoutRefused for a token that fails a check or comes again."""
    from api.auth.oidc import protocol  # cold start: Authlib, joserfc and httpx load with the first provider call
    provider = settings.oidc_provider(key)
    if provider is None:
        raise LogoutRefused(f"no provider {key!r} is configured")
    try:
        meta = protocol.metadata(provider, settings.oidc_timeout)
        claims = protocol.logout_token_claims(provider, meta, logout_token=logout_token,
                                              timeout=settings.oidc_timeout)
    except (protocol.TokenRejected, protocol.ProviderDown) as exc:
        raise LogoutRefused(f"the logout token was refused: {exc}") from exc
    if not records.first_use_of_logout(redis_client, key, str(claims["jti"]), settings.refresh_token_days * 86400):
        raise LogoutRefused("a logout token seen already")
    ended = records.sessions_of(redis_client, provider=key, subject=claims.get("sub"), provider_sid=claims.get("sid"))
    for sid in ended:
        sessions.close(redis_client, sid)  # its provider record with it
    log.info("back-channel logout from %s ended %d session(s)", key, len(ended))
    return len(ended)
