"""What an approved or rejected request does, one handler per request type. The domains register theirs (the leads
their stage change, hold, drop and close; the cost sheets PCS) and the approval engine asks the registry: it never
switches on a request type, nor imports the domains whose requests it runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest
from api.users.models import User
from workflows.contracts.approval_routes import Facts


@dataclass(frozen=True)
class Subject:
    """A request as notifications and the Temporal UI name it: what it asks ("hold 'Project' (Client)") and the lead it
    is about (their template variables and recipients)."""

    description: str
    project: str
    client: str | None
    sales_person_id: int | None


@dataclass(frozen=True)
class RouteQuery:
    """A request, made or about to be (a route preview): what its route is decided on is read from these."""

    request_type: str
    lead_id: int
    target_stage_id: int | None = None


@dataclass(frozen=True)
class Outcome:
    """A request type's handler. `subject` names the request and its lead (one read: see Subject);
    `finish` applies the decided request (APPROVED or REJECTED) inside the engine's transaction, under its lock on
    the request row, with `verdict` the text of the outcome ("Approved by Ann: ok"), and answers where the
    requester's notification leads; `readable` says whether a user who is not an approver may read the request;
    `queue_labels`, when given, names requests of the type in the approver's queue (by request id, one call per
    page) in place of the lead's stage change; `starts_pid` asks the approval workflow to start the lead's PID
    workflow once the request is approved; `facts` reads what a layer's conditions are decided on; `skipped`
    records, in the transaction that decides its route, the layers a request skips ((layer name, reason));
    `stage_names` names the stages a request of the type may ask for (a TARGET_STAGE condition's choices)."""

    label: str
    subject: Callable[[Session, ApprovalRequest], Subject]
    finish: Callable[[Session, ApprovalRequest, str, User | None, str], str]
    readable: Callable[[Session, User, ApprovalRequest], bool]
    facts: Callable[[Session, RouteQuery], Facts]
    skipped: Callable[[Session, ApprovalRequest, list[tuple[str, str]]], None]
    queue_labels: Callable[[Session, list[int]], dict[int, str]] | None = None
    starts_pid: bool = False
    stage_names: Callable[[Session, list[int]], dict[int, str]] | None = None


_HANDLERS: dict[str, Outcome] = {}


def register(request_type: str, outcome: Outcome) -> None:
    """Register (or replace, on a module reload) the handler of a request type."""
    _HANDLERS[request_type] = outcome


def handler_for(request_type: str) -> Outcome:
    """The registered handler; a request type nobody registered is a programming error."""
    try:
        return _HANDLERS[request_type]
    except KeyError:
        raise LookupError(f"no approval outcome is registered for {request_type!r}") from None


def label_of(request_type: str) -> str:
    """The type's label ('Hold', 'Cost sheet'), or the type itself when nobody registered it in this process."""
    try:
        return handler_for(request_type).label
    except LookupError:
        return request_type


def describe(session: Session, request: ApprovalRequest) -> str:
    """'hold 'Project' (Client)', 'approve the cost sheet of ...': what the request asks, as its type names it."""
    return handler_for(request.request_type).subject(session, request).description


def registered() -> list[str]:
    return sorted(_HANDLERS)
