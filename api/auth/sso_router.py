"""Single sign-on (README "Single sign-on"): the sign-in page's choices, the handshake with an OpenID provider (start,
callback), the provider's back-channel logout, and the administrators' role mappings."""

from __future__ import annotations

import logging
from typing import Annotated
from urllib.parse import urlencode

from fastapi import Cookie, Form, Path, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from api.auth import sso as service
from api.auth.cookie import set_refresh_cookie
from api.auth.oidc import leavers, mappings
from api.auth.oidc.schemas import (
    ProviderChoice,
    ProviderInfo,
    RoleMappingIn,
    RoleMappingRow,
    RoleMappingsOut,
    SignInOptions,
)
from api.auth.router import client_address
from api.core.config import Settings
from api.core.deps import Authz, RedisDep, SessionDep, SettingsDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

log = logging.getLogger(__name__)
router = domain_router("/auth", tags=["auth"])

PAGE = "system/sign-in-providers"
BROWSER_COOKIE = "crm_oidc"
_BROWSER_PATH = "/api/auth/oidc"
ProviderKey = Annotated[str, Path(max_length=30, pattern=r"^[a-z0-9][a-z0-9-]{0,29}$")]


def _forget_browser(response: Response, settings: Settings) -> None:
    """The handshake's browser cookie is done with (it served one sign-in, or none)."""
    response.delete_cookie(BROWSER_COOKIE, path=_BROWSER_PATH, secure=settings.auth_cookie_secure, httponly=True,
                           samesite="lax")


def _refused(settings: Settings, failed: service.Failed, key: str) -> RedirectResponse:
    """Back to the sign-in page with the refusal's code (never a token or a detail), and a log line."""
    log.warning("sign-in with %s refused: %s (%s)", key, failed.code, failed)
    response = RedirectResponse(f"/signin?{urlencode({'oidc_error': failed.code})}", status_code=303)
    _forget_browser(response, settings)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/sign-in-options", summary="What the sign-in page offers: the password form or not, and a button per "
                                        "OpenID provider")
def sign_in_options(settings: SettingsDep) -> Envelope[SignInOptions]:
    return ok(SignInOptions(password_sign_in=settings.password_sign_in,
                            providers=[ProviderChoice(key=p.key, label=p.label) for p in settings.oidc_providers]))


@router.get("/oidc/{key}/start", response_class=RedirectResponse, status_code=303,
            summary="Sign in with an OpenID provider: to its sign-in page (a refusal: to /signin?oidc_error=)")
def start(key: ProviderKey, request: Request, redis_client: RedisDep, settings: SettingsDep,
          return_to: Annotated[str | None, Query(alias="returnTo", max_length=500)] = None) -> RedirectResponse:
    try:
        started = service.start(redis_client=redis_client, settings=settings, key=key, return_to=return_to,
                                address=client_address(request))
    except service.Failed as failed:
        return _refused(settings, failed, key)
    response = RedirectResponse(started.url, status_code=303)
    # Lax: the provider's answer is a top-level navigation from its site, which a Strict cookie would not go with
    response.set_cookie(BROWSER_COOKIE, started.browser, max_age=600, path=_BROWSER_PATH,
                        secure=settings.auth_cookie_secure, httponly=True, samesite="lax")
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/oidc/{key}/callback", response_class=RedirectResponse, status_code=303,
            summary="The provider's answer: the product's session opens (refresh cookie) and the browser goes to the "
                    "app; a refusal goes to /signin?oidc_error=<code>")
def callback(key: ProviderKey, session: SessionDep, redis_client: RedisDep, settings: SettingsDep,
             state: Annotated[str | None, Query(max_length=200)] = None,
             code: Annotated[str | None, Query(max_length=2000)] = None,
             error: Annotated[str | None, Query(max_length=200)] = None,
             browser: Annotated[str | None, Cookie(alias=BROWSER_COOKIE, max_length=100)] = None) -> RedirectResponse:
    try:
        finished = service.finish(session=session, redis_client=redis_client, settings=settings, key=key,
                                  state=state, code=code, error=error, browser=browser)
    except service.Failed as failed:
        return _refused(settings, failed, key)
    response = RedirectResponse(finished.return_to, status_code=303)
    _forget_browser(response, settings)
    set_refresh_cookie(response, settings, finished.pair.refresh_token)
    return response


@router.post("/oidc/{key}/backchannel-logout", status_code=200,
             summary="OpenID Connect Back-Channel Logout: the provider ends its person's sessions here (400 for a "
                     "logout token that fails a check)")
def back_channel_logout(key: ProviderKey, redis_client: RedisDep, settings: SettingsDep,
                        logout_token: Annotated[str, Form(max_length=8000)]) -> JSONResponse:
    try:
        leavers.back_channel_logout(redis_client=redis_client, settings=settings, key=key, logout_token=logout_token)
    except leavers.LogoutRefused as exc:
        log.warning("back-channel logout from %s refused: %s", key, exc)
        return JSONResponse({"error": "invalid_request"}, status_code=400, headers={"Cache-Control": "no-store"})
    return JSONResponse({}, headers={"Cache-Control": "no-store"})


@router.get("/oidc/role-mappings", summary="The sign-in providers and the product role each group or role value of "
                                           "theirs gives")
def list_role_mappings(session: SessionDep, settings: SettingsDep,
                       _: Annotated[User, Authz(PAGE, "read")]) -> Envelope[RoleMappingsOut]:
    providers = [ProviderInfo(key=p.key, label=p.label, issuer=p.issuer, roles_claim=p.roles_claim,
                              provisioning=p.provisioning) for p in settings.oidc_providers]
    return ok(RoleMappingsOut(providers=providers, mappings=mappings.list_mappings(session=session),
                              roles=mappings.role_choices(session=session)))


@router.post("/oidc/role-mappings", summary="Map a provider's group or role value to a product role (audited)")
def create_role_mapping(body: RoleMappingIn, session: SessionDep, settings: SettingsDep,
                        actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[RoleMappingRow]:
    return ok(mappings.create_mapping(session=session, settings=settings, actor=actor, data=body))


@router.put("/oidc/role-mappings/{mapping_id}", summary="Change a role mapping (audited)")
def update_role_mapping(mapping_id: Annotated[Id, Path()], body: RoleMappingIn, session: SessionDep,
                        settings: SettingsDep,
                        actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[RoleMappingRow]:
    return ok(mappings.update_mapping(session=session, settings=settings, actor=actor, mapping_id=mapping_id,
                                      data=body))


@router.delete("/oidc/role-mappings/{mapping_id}", summary="Remove a role mapping (audited)")
def delete_role_mapping(mapping_id: Annotated[Id, Path()], session: SessionDep,
                        actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[None]:
    mappings.delete_mapping(session=session, actor=actor, mapping_id=mapping_id)
    return ok(None)
