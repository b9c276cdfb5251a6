"""Decide-from-the-mail links: the mail asking an approver to decide (REQUEST_SUBMITTED) carries an Approve and a
Reject link, each a JWT signed with the server key for one purpose (`typ` approval-link, never accepted as a sign-in
token and the other way round), bound to the approver, the request and the layer it was sent for, expiring after
`approval_link_hours` and used once (its `jti` is recorded in approval_link_uses when its decision is accepted).
The link opens a public page of the app (/approval/mail/<token>) that shows what will be decided and asks to
confirm: opening it (a GET, which mail scanners do) never decides. Deciding is api.approvals.mail_decisions."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt

from api.core.config import Settings
from api.core.errors import AppError

PURPOSE = "approval-link"
ACTIONS = ("APPROVED", "REJECTED")
PAGE_PATH = "/approval/mail/"  # the front end's confirmation page (its token is redacted from access logs)

OPEN_THE_CRM = "Open the approval queue in the CRM to decide on the request."
INVALID = f"This approval link is not valid (it may have been cut short or changed). {OPEN_THE_CRM}"


def expired_message(hours: float) -> str:
    return f"This approval link has expired: links in approval mails work for {hours:g} hours. {OPEN_THE_CRM}"


class LinkRefused(AppError):
    """A link that cannot be used: its type says why (LinkInvalid, LinkExpired, LinkUsed, LinkStale)."""

    def __init__(self, type_: str, message: str, status: int):
        super().__init__(message, status=status)
        self.type = type_


@dataclass(frozen=True)
class LinkClaims:
    jti: str
    user_id: int
    request_id: int
    layer: int
    action: str
    expires_at: datetime


def sign(settings: Settings, *, user_id: int, request_id: int, layer: int, action: str,
         now: datetime | None = None) -> str:
    """A signed link token for one approver's `action` on the request's `layer`."""
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}")
    issued = now or datetime.now(UTC)
    payload = {"typ": PURPOSE, "sub": str(user_id), "req": request_id, "lyr": layer, "act": action,
               "jti": uuid.uuid4().hex, "iat": issued, "exp": issued + timedelta(hours=settings.approval_link_hours)}
    return jwt.encode(payload, settings.signing_key(), algorithm=settings.jwt_algorithm)


def read(settings: Settings, token: str) -> LinkClaims:
    """The link's claims, or LinkRefused: a changed or foreign token (LinkInvalid, 400), an expired one (410)."""
    try:
        payload = jwt.decode(token, settings.signing_key(), algorithms=[settings.jwt_algorithm],
                             options={"require": ["exp", "sub", "jti", "typ"]})
    except jwt.ExpiredSignatureError as exc:
        raise LinkRefused("LinkExpired", expired_message(settings.approval_link_hours), 410) from exc
    except jwt.PyJWTError as exc:
        raise LinkRefused("LinkInvalid", INVALID, 400) from exc
    try:
        claims = LinkClaims(jti=str(payload["jti"]), user_id=int(payload["sub"]), request_id=int(payload["req"]),
                            layer=int(payload["lyr"]), action=str(payload["act"]),
                            expires_at=datetime.fromtimestamp(int(payload["exp"]), UTC))
    except (KeyError, TypeError, ValueError) as exc:
        raise LinkRefused("LinkInvalid", INVALID, 400) from exc
    if payload.get("typ") != PURPOSE or claims.action not in ACTIONS or not 0 < len(claims.jti) <= 64:
        raise LinkRefused("LinkInvalid", INVALID, 400)
    return claims


def page_url(settings: Settings, token: str) -> str:
    return f"{settings.public_url}{PAGE_PATH}{token}"


def mail_text(settings: Settings, *, user_id: int, request_id: int, layer: int) -> str:
    """The lines an approver's mail adds: the Approve and Reject links and how long they work."""
    approve = page_url(settings, sign(settings, user_id=user_id, request_id=request_id, layer=layer,
                                      action="APPROVED"))
    reject = page_url(settings, sign(settings, user_id=user_id, request_id=request_id, layer=layer,
                                     action="REJECTED"))
    return (f"Decide from this mail (each link asks you to confirm, works once and for "
            f"{settings.approval_link_hours:g} hours):\n"
            f"Approve: {approve}\nReject: {reject}\n")


def mail_actions(settings: Settings, *, request_id: int, layer: int,
                 approvers: list[int]) -> Callable[[int], tuple[int, int] | None]:
    """For an approval event's mails: the (request, layer) whose links each approver asked now gets when the mail is
    delivered (None for anyone else, or when the links are off). The links themselves are minted by mail_text at
    delivery, inside the mail's activity: nothing stored or sent to Temporal holds one."""
    asked = set(approvers)

    def links(user_id: int) -> tuple[int, int] | None:
        if not settings.approval_mail_links or user_id not in asked:
            return None
        return request_id, layer

    return links
