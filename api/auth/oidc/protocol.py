"""OpenID Connect with one provider: its discovery document and keys, the authorization request (code flow, PKCE S256,
state and nonce), the code's exchange, the ID token's checks, a refresh, the end-session URL and a back-channel logout
token's checks. The protocol is Authlib's (its OAuth 2 client on httpx) and the JWTs joserfc's; what each check
refuses is named in the exceptions, and tests/integration/auth/test_oidc_refusals.py shows each one refused.

Authlib's own parse_id_token checks the issuer but not the audience (an ID token for another client passes when its
`azp` names this one), so the checks are asked for here, each one explicitly."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx
from authlib.integrations.base_client import OAuthError
from authlib.integrations.httpx_client import OAuth2Client
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet
from joserfc.jwt import JWTClaimsRegistry

from api.core.config import OidcProvider

# asymmetric algorithms only: a provider's keys are public, and an HMAC "signed" with a public key proves nothing
_ALGORITHMS = frozenset({"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"})
_CACHE_SECONDS = 3600
_LEEWAY = 60  # seconds of clock difference allowed with the provider
_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout"


class ProviderDown(Exception):
    """The provider did not answer, or not with what the protocol says (a timeout, a refused connection, a 5xx)."""


class ProviderRefused(Exception):
    """The provider answered with an OAuth error (an expired or used code, a refused refresh token)."""

    def __init__(self, error: str):
        super().__init__(error)
        self.error = error


class TokenRejected(Exception):
    """A token from the provider failed a check: its signature, issuer, audience, nonce, expiry or form."""


@dataclass(frozen=True)
class Metadata:
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    userinfo_endpoint: str | None
    end_session_endpoint: str | None
    algorithms: tuple[str, ...]


_lock = threading.Lock()
_metadata: dict[str, tuple[float, Metadata]] = {}
_keys: dict[str, tuple[float, KeySet]] = {}


def _get_json(url: str, timeout: float, **kwargs: Any) -> dict[str, Any]:
    try:
        response = httpx.get(url, timeout=timeout, **kwargs)
        response.raise_for_status()
        body = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise ProviderDown(f"{url}: {type(exc).__name__}") from exc
    if not isinstance(body, dict):
        raise ProviderDown(f"{url}: not a JSON object")
    return body


def metadata(provider: OidcProvider, timeout: float) -> Metadata:
    """The provider's discovery document (cached for an hour), whose issuer must be the configured one exactly."""
    issuer = provider.issuer.rstrip("/")
    with _lock:
        cached = _metadata.get(issuer)
    if cached and cached[0] > time.monotonic():
        return cached[1]
    doc = _get_json(f"{issuer}/.well-known/openid-configuration", timeout)
    if doc.get("issuer") not in (issuer, issuer + "/"):
        raise ProviderDown(f"the discovery document names the issuer {doc.get('issuer')!r}, not {issuer!r}")
    try:
        found = Metadata(issuer=str(doc["issuer"]), authorization_endpoint=str(doc["authorization_endpoint"]),
                         token_endpoint=str(doc["token_endpoint"]), jwks_uri=str(doc["jwks_uri"]),
                         userinfo_endpoint=doc.get("userinfo_endpoint"),
                         end_session_endpoint=doc.get("end_session_endpoint"),
                         algorithms=tuple(a for a in doc.get("id_token_signing_alg_values_supported", ["RS256"])
                                          if a in _ALGORITHMS) or ("RS256",))
    except KeyError as exc:
        raise ProviderDown(f"the discovery document has no {exc}") from exc
    with _lock:
        _metadata[issuer] = (time.monotonic() + _CACHE_SECONDS, found)
    return found


def _key_set(meta: Metadata, timeout: float, *, fresh: bool = False) -> KeySet:
    with _lock:
        cached = _keys.get(meta.jwks_uri)
    if cached and cached[0] > time.monotonic() and not fresh:
        return cached[1]
    try:
        keys = KeySet.import_key_set(_get_json(meta.jwks_uri, timeout))  # type: ignore[arg-type]
    except (JoseError, ValueError, TypeError) as exc:
        raise ProviderDown(f"{meta.jwks_uri}: no usable keys") from exc
    with _lock:
        _keys[meta.jwks_uri] = (time.monotonic() + _CACHE_SECONDS, keys)
    return keys


def _client(provider: OidcProvider, timeout: float, redirect_uri: str | None = None) -> OAuth2Client:
    return OAuth2Client(client_id=provider.client_id, client_secret=provider.client_secret,
                        scope=" ".join(provider.scopes), redirect_uri=redirect_uri, code_challenge_method="S256",
                        token_endpoint_auth_method=provider.token_auth_method, timeout=timeout)


def authorization_url(provider: OidcProvider, meta: Metadata, *, redirect_uri: str, state: str, nonce: str,
                      verifier: str) -> str:
    """Where the browser goes to sign in at the provider (Authlib builds it; no HTTP client is needed)."""
    return str(prepare_grant_uri(meta.authorization_endpoint, provider.client_id, "code", redirect_uri=redirect_uri,
                                 scope=" ".join(provider.scopes), state=state, nonce=nonce,
                                 code_challenge=create_s256_code_challenge(verifier), code_challenge_method="S256",
                                 **provider.extra_params))


def _token_call(provider: OidcProvider, timeout: float, redirect_uri: str | None, call: str,
                **kwargs: Any) -> dict[str, Any]:
    try:
        with _client(provider, timeout, redirect_uri) as client:
            token = getattr(client, call)(**kwargs)
    except OAuthError as exc:
        raise ProviderRefused(str(exc.error or "error")) from exc
    except (httpx.HTTPError, ValueError, KeyError) as exc:
        raise ProviderDown(f"token endpoint: {type(exc).__name__}") from exc
    return dict(token)


def exchange(provider: OidcProvider, meta: Metadata, *, code: str, verifier: str, redirect_uri: str,
             timeout: float) -> dict[str, Any]:
    """The tokens for an authorization code (with its PKCE verifier)."""
    return _token_call(provider, timeout, redirect_uri, "fetch_token", url=meta.token_endpoint, code=code,
                       code_verifier=verifier, grant_type="authorization_code")


def refresh(provider: OidcProvider, meta: Metadata, *, refresh_token: str, timeout: float) -> dict[str, Any]:
    """New tokens for a provider's refresh token; ProviderRefused when the provider no longer honours it."""
    return _token_call(provider, timeout, None, "refresh_token", url=meta.token_endpoint,
                       refresh_token=refresh_token)


def _decode(meta: Metadata, token: str, timeout: float) -> jwt.Token:
    """A JWT signed by one of the provider's keys (fetched again once for a key id not seen yet)."""
    try:
        try:
            return jwt.decode(token, _key_set(meta, timeout), algorithms=list(meta.algorithms))
        except InvalidKeyIdError:
            return jwt.decode(token, _key_set(meta, timeout, fresh=True), algorithms=list(meta.algorithms))
    except (JoseError, ValueError) as exc:
        raise TokenRejected(f"signature or form: {type(exc).__name__}") from exc


def id_token_claims(provider: OidcProvider, meta: Metadata, *, id_token: str, nonce: str,
                    access_token: str | None, timeout: float) -> dict[str, Any]:
    """The claims of an ID token from the code's exchange, after every check of OpenID Connect Core 3.1.3.7: the
    signature (the provider's keys), the issuer, this client as audience (and authorized party), the nonce of this
    sign-in, the expiry, and the access token's hash when it has one."""
    token = _decode(meta, id_token, timeout)
    options: dict[str, Any] = {"iss": {"essential": True, "value": meta.issuer},
                               "aud": {"essential": True, "value": provider.client_id},
                               "sub": {"essential": True}, "exp": {"essential": True}, "iat": {"essential": True},
                               "nonce": {"essential": True, "value": nonce}}
    params: dict[str, Any] = {"nonce": nonce, "client_id": provider.client_id}
    if access_token:
        params["access_token"] = access_token
    claims = CodeIDToken(token.claims, token.header, options, params)
    try:
        claims.validate(leeway=_LEEWAY)
    except JoseError as exc:
        raise TokenRejected(f"claim check: {exc.error}: {exc.description or ''}".strip()) from exc
    return dict(claims)


def userinfo(meta: Metadata, access_token: str, timeout: float) -> dict[str, Any]:
    """The userinfo endpoint's claims (empty without one)."""
    if not meta.userinfo_endpoint:
        return {}
    return _get_json(meta.userinfo_endpoint, timeout, headers={"Authorization": f"Bearer {access_token}"})


def logout_token_claims(provider: OidcProvider, meta: Metadata, *, logout_token: str,
                        timeout: float) -> dict[str, Any]:
    """The claims of a back-channel logout token after the checks of OpenID Connect Back-Channel Logout 1.0 §2.6: the
    signature, issuer, audience, issue time, a jti, the logout event, a sub or a sid, and no nonce."""
    token = _decode(meta, logout_token, timeout)
    registry = JWTClaimsRegistry(leeway=_LEEWAY, iss={"essential": True, "value": meta.issuer},
                                 aud={"essential": True, "value": provider.client_id},
                                 iat={"essential": True}, jti={"essential": True}, events={"essential": True})
    try:
        registry.validate(token.claims)
    except JoseError as exc:
        raise TokenRejected(f"claim check: {exc.error}") from exc
    claims = token.claims
    events = claims.get("events")
    if not isinstance(events, dict) or not isinstance(events.get(_LOGOUT_EVENT), dict):
        raise TokenRejected("not a logout event")
    if "nonce" in claims:
        raise TokenRejected("a logout token has no nonce")
    if not isinstance(claims.get("sub"), str) and not isinstance(claims.get("sid"), str):
        raise TokenRejected("neither sub nor sid")
    return dict(claims)


def end_session_url(provider: OidcProvider, meta: Metadata, *, id_token: str | None,
                    post_logout_redirect_uri: str) -> str | None:
    """Where the browser goes to end its provider session too (RP-Initiated Logout 1.0); None without an endpoint."""
    if not meta.end_session_endpoint:
        return None
    params = {"post_logout_redirect_uri": post_logout_redirect_uri, "client_id": provider.client_id}
    if id_token:
        params["id_token_hint"] = id_token
    return str(httpx.URL(meta.end_session_endpoint).copy_merge_params(params))
