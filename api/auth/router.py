"""Sign-in, session, sign-out and password reset (spec 1 §2.4-2.6, §7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query, Request, Response

from api.access import service as access_service
from api.access.schemas import SessionOut
from api.auth import service
from api.auth.cookie import RefreshCookie, SameOrigin, clear_refresh_cookie, set_refresh_cookie
from api.auth.schemas import (
    AccessToken,
    ForgotPasswordMailIn,
    LoginIn,
    MailSent,
    ResetPasswordIn,
    ResetTokenOut,
    Unlocked,
)
from api.core.config import Settings
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.deps import Authz, PolicyDep, RedisDep, SessionDep, SettingsDep, TemporalDep
from api.users.models import User

router = domain_router("/auth", tags=["auth"])


def client_address(request: Request) -> str:
    """The caller's address (uvicorn puts a trusted proxy's X-Forwarded-For here under --proxy-headers)."""
    return request.client.host if request.client else "unknown"


def _answer(response: Response, settings: Settings, pair: service.TokenPair) -> Envelope[AccessToken]:
    """The access token in the body, the refresh token in its httpOnly cookie (api.auth.cookie)."""
    set_refresh_cookie(response, settings, pair.refresh_token)
    return ok(AccessToken(token=pair.access_token))


@router.post("/login", summary="Sign in with username and password (throttled per username and address: 429); "
                               "the refresh token comes as an httpOnly cookie")
def login(body: LoginIn, request: Request, response: Response, session: SessionDep, redis_client: RedisDep,
          settings: SettingsDep) -> Envelope[AccessToken]:
    return _answer(response, settings, service.login(session=session, redis_client=redis_client, settings=settings,
                                                     username=body.username, password=body.password,
                                                     address=client_address(request)))


@router.post("/refresh", dependencies=[SameOrigin],
             summary="Exchange the refresh cookie for a new access token and cookie (the old one stops working); "
                     "needs the X-Requested-With header, refuses other sites (403)")
def refresh(response: Response, redis_client: RedisDep, settings: SettingsDep,
            refresh_token: RefreshCookie = None) -> Envelope[AccessToken]:
    return _answer(response, settings, service.refresh(redis_client=redis_client, settings=settings,
                                                       refresh_token=refresh_token))


@router.post("/logout", summary="Sign out: the session and its refresh token are revoked and the cookie cleared; "
                                "needs the X-Requested-With header")
def logout(request: Request, response: Response, redis_client: RedisDep, settings: SettingsDep,
           user: Annotated[User, Authz("account", "read")],
           _: Annotated[None, SameOrigin],  # after the sign-in check: an anonymous caller gets its 401 first
           refresh_token: RefreshCookie = None) -> Envelope[None]:
    service.logout(redis_client=redis_client, session_id=request.state.session_id, refresh_token=refresh_token)
    clear_refresh_cookie(response, settings)
    return ok(None)


@router.get("/session", summary="The signed-in user, menus, allowed routes and page access flags")
def get_session(session: SessionDep, policy: PolicyDep, settings: SettingsDep,
                user: Annotated[User, Authz("account", "read")]) -> Envelope[SessionOut]:
    return ok(access_service.session_payload(session=session, policy=policy, settings=settings, user=user))


@router.post("/users/{user_id}/unlock", summary="Lift a user's sign-in lock and delays (administrators)")
def unlock(session: SessionDep, redis_client: RedisDep,
           actor: Annotated[User, Authz("system/user-management", "edit")],
           user_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> Envelope[Unlocked]:
    return ok(Unlocked(was_locked=service.unlock(session=session, redis_client=redis_client, actor=actor,
                                                user_id=user_id)))


@router.post("/forgot-password/send-mail", summary="Mail a one-time password reset link (the same answer for any "
                                                   "username)")
def send_reset_mail(body: ForgotPasswordMailIn, request: Request, redis_client: RedisDep, settings: SettingsDep,
                    temporal: TemporalDep) -> Envelope[MailSent]:
    service.request_reset_mail(redis_client=redis_client, settings=settings, temporal=temporal,
                               username=body.username, redirect_base_url=body.redirect_base_url,
                               address=client_address(request))
    return ok(MailSent(sent=True))


@router.get("/forgot-password", summary="Check a password reset token")
def check_reset_token(session: SessionDep, redis_client: RedisDep,
                      token: Annotated[str, Query(max_length=200)] = "") -> Envelope[ResetTokenOut]:
    user = service.check_reset_token(session=session, redis_client=redis_client, token=token)
    return ok(ResetTokenOut(user_id=user.id, user_name=user.username))


@router.put("/forgot-password", summary="Set a new password with a reset token")
def reset_password(body: ResetPasswordIn, session: SessionDep, redis_client: RedisDep) -> Envelope[None]:
    service.reset_password(session=session, redis_client=redis_client, user_id=body.user_id,
                           token=body.forgot_password_token, new_password=body.new_password,
                           confirmation=body.confirmation_new_password)
    return ok(None)
