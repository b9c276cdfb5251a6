"""The second factor: the sign-in's second step (public: its challenge is the credential), one's own factor
(set up, confirm, turn off, new recovery codes) and an administrator's view and reset of a user's (README "Second
factor")."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request, Response

from api.auth import service as auth_service
from api.auth.cookie import DeviceCookie
from api.auth.router import client_address, signed_in_answer
from api.auth.schemas import AccessToken
from api.auth.second_factor import service
from api.auth.second_factor.codes import Enrolment
from api.auth.second_factor.schemas import (
    CodeIn,
    EnrolIn,
    EnrolmentOut,
    ProofIn,
    RecoveryCodesOut,
    SecondFactorIn,
    SecondFactorStatus,
    SignedInEnrolledOut,
)
from api.core.deps import Authz, RedisDep, SessionDep, SettingsDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/auth", tags=["second factor"])
USERS = "system/user-management"
UserId = Annotated[int, Path(ge=1, le=2**31 - 1)]

_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"description": "A wrong code (`N tries left`), a code already used, or a challenge that expired or ran out "
                         "of tries (sign in again)"},
    429: {"description": "Too many failures of this username from this address, or from this address: the sign-in "
                         "throttle, which wrong codes feed as wrong passwords do"}}


def _status(found: service.Status) -> SecondFactorStatus:
    return SecondFactorStatus(enabled=found.enabled, enabled_at=found.enabled_at,
                              recovery_codes_left=found.recovery_codes_left, required_by_role=found.required_by_role)


def _enrolment(shown: Enrolment) -> EnrolmentOut:
    return EnrolmentOut(secret=shown.secret, otpauth_uri=shown.otpauth_uri, qr_svg=shown.qr_svg,
                        expires_in=service.SETUP_SECONDS)


@router.post("/login/second-factor", responses=_REFUSALS,
             summary="Finish a sign-in with a code of the user's authenticator app or a recovery code (the login's "
                     "401 SecondFactorRequired gave the challenge); five wrong answers end the challenge")
def verify_second_factor(body: SecondFactorIn, request: Request, response: Response, session: SessionDep,
                         redis_client: RedisDep, settings: SettingsDep,
                         device: DeviceCookie = None) -> Envelope[AccessToken]:
    return signed_in_answer(response, settings, auth_service.verify_second_factor(
        session=session, redis_client=redis_client, settings=settings, challenge=body.challenge, code=body.code,
        recovery_code=body.recovery_code, address=client_address(request), device=device))


@router.post("/login/second-factor/enrol", responses=_REFUSALS,
             summary="Finish a sign-in that had to set up a second factor (the login's 401 "
                     "SecondFactorEnrolmentRequired): a code of the new secret turns it on and signs in; the recovery "
                     "codes are answered this once")
def enrol_second_factor(body: EnrolIn, request: Request, response: Response, session: SessionDep,
                        redis_client: RedisDep, settings: SettingsDep,
                        device: DeviceCookie = None) -> Envelope[SignedInEnrolledOut]:
    enrolled = auth_service.enrol_second_factor(
        session=session, redis_client=redis_client, settings=settings, challenge=body.challenge, code=body.code,
        address=client_address(request), device=device)
    token = signed_in_answer(response, settings, enrolled.signed_in).results.token
    return ok(SignedInEnrolledOut(token=token, recovery_codes=enrolled.recovery_codes))


@router.get("/second-factor", summary="Whether one's second factor is on, and one's recovery codes left")
def get_own(session: SessionDep, user: Annotated[User, Authz("account", "read")]) -> Envelope[SecondFactorStatus]:
    return ok(_status(service.status(session=session, user=user)))


@router.post("/second-factor/setup", summary="Start setting up one's second factor: a new secret, its otpauth URI "
                                             "and QR code (on only once confirmed with a code)")
def start_setup(session: SessionDep, redis_client: RedisDep, settings: SettingsDep,
                user: Annotated[User, Authz("account", "edit")]) -> Envelope[EnrolmentOut]:
    return ok(_enrolment(service.start_setup(session=session, redis_client=redis_client, settings=settings,
                                             user=user)))


@router.post("/second-factor/confirm", responses=_REFUSALS,
             summary="Turn one's second factor on with a current code of the secret being set up; answers ten "
                     "recovery codes, this once")
def confirm_setup(body: CodeIn, request: Request, session: SessionDep, redis_client: RedisDep, settings: SettingsDep,
                  user: Annotated[User, Authz("account", "edit")]) -> Envelope[RecoveryCodesOut]:
    return ok(RecoveryCodesOut(recovery_codes=service.confirm_setup(
        session=session, redis_client=redis_client, settings=settings, user=user, code=body.code,
        address=client_address(request))))


@router.post("/second-factor/disable", responses=_REFUSALS,
             summary="Turn one's second factor off with a current code or a recovery code (409 when one's role "
                     "requires it)")
def disable(body: ProofIn, request: Request, session: SessionDep, redis_client: RedisDep, settings: SettingsDep,
            user: Annotated[User, Authz("account", "edit")]) -> Envelope[SecondFactorStatus]:
    service.disable(session=session, redis_client=redis_client, settings=settings, user=user,
                    address=client_address(request), code=body.code, recovery_code=body.recovery_code)
    return ok(_status(service.status(session=session, user=user)))


@router.post("/second-factor/recovery-codes", responses=_REFUSALS,
             summary="Ten new recovery codes for a current code or a recovery code (the earlier ones stop working)")
def renew_recovery_codes(body: ProofIn, request: Request, session: SessionDep, redis_client: RedisDep,
                         settings: SettingsDep,
                         user: Annotated[User, Authz("account", "edit")]) -> Envelope[RecoveryCodesOut]:
    return ok(RecoveryCodesOut(recovery_codes=service.renew_recovery_codes(
        session=session, redis_client=redis_client, settings=settings, user=user, address=client_address(request),
        code=body.code, recovery_code=body.recovery_code)))


@router.get("/users/{user_id}/second-factor", summary="Whether a user's second factor is on (administrators)")
def get_users(session: SessionDep, user_id: UserId,
              actor: Annotated[User, Authz(USERS, "read")]) -> Envelope[SecondFactorStatus]:
    return ok(_status(service.status(session=session, user=service.user_or_404(session, user_id))))


@router.delete("/users/{user_id}/second-factor",
               summary="Reset a user's second factor (a lost phone): their next sign-in needs the password only, or "
                       "sets one up again when their role requires it (administrators; audited)")
def reset(session: SessionDep, redis_client: RedisDep, user_id: UserId,
          actor: Annotated[User, Authz(USERS, "edit")]) -> Envelope[SecondFactorStatus]:
    user = service.reset(session=session, redis_client=redis_client, actor=actor, user_id=user_id)
    return ok(_status(service.status(session=session, user=user)))
