"""Erasing a user from sign-in (api/personal_data runs the whole erasure): their second factor (its sealed secret and
recovery codes) and their provider identity links are deleted in the erasure's transaction; once it commits, their
sessions end (each with the keys attached to it) and the devices and addresses they signed in from are forgotten
(Redis). What the archive tells of these: the enrolment's state, never its secret; the links; how many sessions are
open and devices known, never a token or a digest."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import redis
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from api.auth import devices, sessions
from api.auth.oidc.models import OidcIdentity
from api.auth.second_factor.models import RecoveryCode, SecondFactor

# the tables of a user's own sign-in data: their rows of the user are deleted by the erasure
DELETED = (SecondFactor, RecoveryCode, OidcIdentity)


@dataclass(frozen=True)
class SignInData:
    second_factor_since: datetime | None  # enrolled since, or None
    recovery_codes: int
    links: list[OidcIdentity]
    open_sessions: int
    known_devices: int  # devices and addresses signed in from, remembered for the sign-in protection


def held(session: Session, r: redis.Redis, user_id: int) -> SignInData:
    factor = session.get(SecondFactor, user_id)
    codes = session.scalar(select(func.count()).select_from(RecoveryCode).where(RecoveryCode.user_id == user_id))
    links = list(session.scalars(select(OidcIdentity).where(OidcIdentity.user_id == user_id)
                                 .order_by(OidcIdentity.id)))
    return SignInData(second_factor_since=factor.enabled_at if factor else None, recovery_codes=int(codes or 0),
                      links=links, open_sessions=sessions.open_count(r, user_id),
                      known_devices=devices.known_count(r, user_id))


def erase(session: Session, user_id: int) -> int:
    """Delete the second factor, its recovery codes and the provider links; answers how many rows went. The caller
    commits, then calls `forget`."""
    gone = 0
    for stmt in (delete(RecoveryCode).where(RecoveryCode.user_id == user_id),
                 delete(SecondFactor).where(SecondFactor.user_id == user_id),
                 delete(OidcIdentity).where(OidcIdentity.user_id == user_id)):
        gone += session.execute(stmt).rowcount  # type: ignore[attr-defined]
    session.flush()
    return gone


def forget(r: redis.Redis, user_id: int) -> None:
    """After the erasure commits: end every session of the user and forget their devices and addresses."""
    sessions.close_all(r, user_id)
    devices.forget(r, user_id)
