"""Notification calls (spec 1 §7)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Query

from api.core.deps import Authz, PolicyDep, SessionDep
from api.core.inputs import OFFSET_MAX, Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.notifications import service
from api.notifications.schemas import MarkReadIn, NotificationLimited, NotificationPage, ReadAllIn
from api.users.models import User

router = domain_router("/notification", tags=["notifications"])

TypeQuery = Annotated[Literal["ALL", "APPROVAL", "INFORMATION"] | None, Query()]


@router.get("", summary="A page of the signed-in user's notifications")
def list_notifications(
    session: SessionDep,
    policy: PolicyDep,
    actor: Annotated[User, Authz("user/inbox", "read")],
    user: Id | None = None,
    type: TypeQuery = None,
    page: Annotated[int, Query(ge=1, le=OFFSET_MAX)] = 1,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
    search: Annotated[str | None, Query(max_length=100)] = None,
    unread: bool = False,
) -> Envelope[NotificationPage]:
    return ok(service.list_page(session=session, policy=policy, actor=actor, user=user, type_=type, page=page,
                                limit=limit, search=search, unread=unread))


@router.get("/limited", summary="The latest notifications and the unread count, for the bell")
def limited(session: SessionDep, policy: PolicyDep, actor: Annotated[User, Authz("user/inbox", "read")],
            user: Id | None = None, type: TypeQuery = None) -> Envelope[NotificationLimited]:
    return ok(service.limited(session=session, policy=policy, actor=actor, user=user, type_=type))


@router.put("", summary="Mark notifications read")
def mark_read(body: MarkReadIn, session: SessionDep,
              actor: Annotated[User, Authz("user/inbox", "edit")]) -> Envelope[int]:
    return ok(service.mark_read(session=session, actor=actor, ids=body.ids))


@router.put("/read-all", summary="Mark every notification of a type read")
def read_all(body: ReadAllIn, session: SessionDep,
             actor: Annotated[User, Authz("user/inbox", "edit")]) -> Envelope[int]:
    return ok(service.mark_all_read(session=session, actor=actor, user=body.user, type_=body.type))

