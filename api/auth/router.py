"""Sign-in, session, sign-out and password reset (spec 1 §2.4-2.6, §7)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query, Request, Response

from api.access import service as access_service
from api.access.schemas import SessionOut
from api.auth import service
from api.auth.cookie import (
    DeviceCookie,
    RefreshCookie,
    SameOrigin,
    clear_refresh_cookie,
    set_device_cookie,
    set_refresh_cookie,
)
from api.auth.oidc.schemas import SignedOut
from api.auth.schemas import (
    AccessToken,
    CodeSentOut,
    DeviceVerificationOut,
    ForgotPasswordMailIn,
    LoginIn,
    MailSent,
    ResendCodeIn,
    ResetPasswordIn,
    ResetTokenOut,
    SignInCodeIn,
    Unlocked,
)
from api.auth.second_factor.schemas import SecondFactorChallengeOut, SecondFactorEnrolmentOut
from api.core.config import Settings
from api.core.deps import Authz, PolicyDep, RedisDep, SessionDep, SettingsDep, TemporalDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/auth", tags=["auth"])


def client_address(request: Request) -> str:
    """The caller's address (uvicorn puts a trusted proxy's X-Forwarded-For here under --proxy-headers)."""
    return request.client.host if request.client else "unknown"


def _answer(response: Response, settings: Settings, pair: service.TokenPair) -> Envelope[AccessToken]:
    """The access token in the body, the refresh token in its httpOnly cookie (api.auth.cookie)."""
    set_refresh_cookie(response, settings, pair.refresh_token)
    return ok(AccessToken(token=pair.access_token))


def signed_in_answer(response: Response, settings: Settings, signed_in: service.SignedIn) -> Envelope[AccessToken]:
    """A finished sign-in: the access token in the body, the refresh and device cookies."""
    set_device_cookie(response, settings, signed_in.device)
    return _answer(response, settings, signed_in.pair)


_CODE_NEEDED: dict[int | str, dict[str, Any]] = {
    401: {"model": DeviceVerificationOut | SecondFactorChallengeOut | SecondFactorEnrolmentOut,
          "description": "The right password, and one more step before a session opens: `type` "
                         "DeviceVerificationRequired, from a new device while the username is under attack: a code "
                         "was mailed (README \"Sign-in protection\"); SecondFactorRequired: a code of the user's "
                         "authenticator app (or a recovery code) is needed; SecondFactorEnrolmentRequired: the user's "
                         "role requires a second factor they have not set up (README \"Second factor\"). Other 401s "
                         "are ordinary refusals"}}


@router.post("/login", responses=_CODE_NEEDED,
             summary="Sign in with username and password (throttled per username and address: 429); the refresh "
                     "token comes as an httpOnly cookie, and so does this browser's device")
def login(body: LoginIn, request: Request, response: Response, session: SessionDep, redis_client: RedisDep,
          settings: SettingsDep, temporal: TemporalDep, device: DeviceCookie = None) -> Envelope[AccessToken]:
    return signed_in_answer(response, settings, service.login(
        session=session, redis_client=redis_client, settings=settings, temporal=temporal, username=body.username,
        password=body.password, address=client_address(request), device=device))


@router.post("/login/code", summary="Finish a sign-in from a new device with the code mailed for its challenge "
                                    "(wrong, expired or used: 400; five wrong tries end the challenge)")
def verify_sign_in_code(body: SignInCodeIn, request: Request, response: Response, session: SessionDep,
                        redis_client: RedisDep, settings: SettingsDep,
                        device: DeviceCookie = None) -> Envelope[AccessToken]:
    return signed_in_answer(response, settings, service.verify_code(
        session=session, redis_client=redis_client, settings=settings, challenge=body.challenge, code=body.code,
        address=client_address(request), device=device))


@router.post("/login/code/resend", summary="Mail a new code for a sign-in's challenge (the earlier one stops "
                                           "working); 429 sooner than resendAfter, or after 5 codes in 15 minutes")
def resend_sign_in_code(body: ResendCodeIn, redis_client: RedisDep, settings: SettingsDep,
                        temporal: TemporalDep) -> Envelope[CodeSentOut]:
    sent = service.resend_code(redis_client=redis_client, settings=settings, temporal=temporal,
                               challenge=body.challenge)
    return ok(CodeSentOut(email=sent.email, resend_after=sent.resend_after))


@router.post("/refresh", dependencies=[SameOrigin],
             summary="Exchange the refresh cookie for a new access token and cookie (the old one stops working); "
                     "needs the X-Requested-With header, refuses other sites (403)")
def refresh(response: Response, redis_client: RedisDep, settings: SettingsDep,
            refresh_token: RefreshCookie = None) -> Envelope[AccessToken]:
    return _answer(response, settings, service.refresh(redis_client=redis_client, settings=settings,
                                                       refresh_token=refresh_token))


@router.post("/logout", summary="Sign out: the session and its refresh token are revoked and the cookie cleared; "
                                "needs the X-Requested-With header. A session from an OpenID provider answers the "
                                "provider's end-session URL, where the browser goes to sign out there too")
def logout(request: Request, response: Response, redis_client: RedisDep, settings: SettingsDep,
           user: Annotated[User, Authz("account", "read")],
           _: Annotated[None, SameOrigin],  # after the sign-in check: an anonymous caller gets its 401 first
           refresh_token: RefreshCookie = None) -> Envelope[SignedOut]:
    url = service.logout(redis_client=redis_client, settings=settings, session_id=request.state.session_id,
                         refresh_token=refresh_token)
    clear_refresh_cookie(response, settings)
    return ok(SignedOut(end_session_url=url))


@router.get("/session", summary="The signed-in user, menus, allowed routes and page access flags")
def get_session(session: SessionDep, policy: PolicyDep, settings: SettingsDep,
                user: Annotated[User, Authz("account", "read")]) -> Envelope[SessionOut]:
    return ok(access_service.session_payload(session=session, policy=policy, settings=settings, user=user))


@router.post("/users/{user_id}/unlock", summary="Lift a user's sign-in limits: every address's waits, and the mailed "
                                                "code new devices need after many failures (administrators)")
def unlock(session: SessionDep, redis_client: RedisDep,
           actor: Annotated[User, Authz("system/user-management", "edit")],
           user_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> Envelope[Unlocked]:
    return ok(Unlocked(code_required=service.unlock(session=session, redis_client=redis_client, actor=actor,
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
