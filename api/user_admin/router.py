"""User Management (system/user-management): the list, one user, creating and editing (deactivating is editing
isActive), the roles the form offers, and the password mail. Setting a password and lifting a sign-in lock are the
account's and the auth's calls (`PUT /users/{id}/change-password`, `POST /auth/users/{id}/unlock`)."""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import Query

from api.auth.service import send_password_mail
from api.core.config import Settings
from api.core.deps import Authz, RedisDep, SessionDep, SettingsDep, TemporalDep
from api.core.errors import NotFound, ServiceUnavailable
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.user_admin import service
from api.user_admin.schemas import HierarchyNode, LeaderIn, RoleOption, UserIn, UserRow
from api.users.models import User

router = domain_router("/users", tags=["user management"])
PAGE = "system/user-management"
HIERARCHY = "system/user-hierarchy"
log = logging.getLogger(__name__)
MAIL_NOT_SENT = "The user is saved, but the password mail could not be sent: send it again from their page."


@router.get("", summary="Users, paged, searchable (name, username, nickname, e-mail) and sortable; criteria roleId, "
                        "isActive, leaderId")
def list_users(session: SessionDep, params: ListQuery,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[UserRow]]:
    return ok(service.list_users(session=session, params=params))


@router.get("/roles", summary="The roles a user can have")
def list_roles(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[RoleOption]]:
    return ok(service.roles(session=session))


@router.get("/hierarchy", summary="The reporting tree the caller sees (everyone for whitelisted roles, else their "
                                  "own team), one node per active person with their leader")
def hierarchy(session: SessionDep, actor: Annotated[User, Authz(HIERARCHY, "read")]) -> Envelope[list[HierarchyNode]]:
    return ok(service.hierarchy(session=session, actor=actor))


@router.put("/{user_id}/leader", summary="Move a person under another leader (or to the top); a cycle is refused")
def move(user_id: Id, body: LeaderIn, session: SessionDep, redis_client: RedisDep,
         actor: Annotated[User, Authz(HIERARCHY, "edit")]) -> Envelope[list[HierarchyNode]]:
    service.move(session=session, actor=actor, user_id=user_id, leader_id=body.leader_id, redis_client=redis_client)
    return ok(service.hierarchy(session=session, actor=actor))


@router.get("/{user_id}", summary="A user as User Management edits them")
def get_user(user_id: Id, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[UserRow]:
    return ok(service.get_user(session=session, user_id=user_id))


@router.post("", summary="Add a user, with a password or the password mail")
def create_user(body: UserIn, session: SessionDep, redis_client: RedisDep, settings: SettingsDep,
                temporal: TemporalDep, actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[UserRow]:
    user = service.create_user(session=session, actor=actor, data=body, redis_client=redis_client)
    if body.send_password_mail:
        _mail(settings, temporal, user, body.redirect_base_url)
    return ok(service.get_user(session=session, user_id=user.id))


@router.put("/{user_id}", summary="Edit a user; isActive false deactivates them (their sessions end at once)")
def update_user(user_id: Id, body: UserIn, session: SessionDep, redis_client: RedisDep,
                actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[UserRow]:
    user = service.update_user(session=session, actor=actor, user_id=user_id, data=body, redis_client=redis_client)
    return ok(service.get_user(session=session, user_id=user.id))


@router.post("/{user_id}/password-mail", summary="Mail the user a link to set their password")
def password_mail(user_id: Id, session: SessionDep, settings: SettingsDep, temporal: TemporalDep,
                  actor: Annotated[User, Authz(PAGE, "edit")],
                  redirect_base_url: Annotated[str | None, Query(max_length=300)] = None) -> Envelope[UserRow]:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(service.USER_NOT_FOUND)
    _mail(settings, temporal, user, redirect_base_url)
    return ok(service.get_user(session=session, user_id=user.id))


def _mail(settings: Settings, temporal: Any, user: User, redirect_base_url: str | None) -> None:
    try:
        send_password_mail(settings, temporal, username=user.username, redirect_base_url=redirect_base_url)
    except Exception as exc:  # Temporal unreachable: the user exists, the mail does not
        log.warning("password mail for user %s not started: %s", user.id, exc)
        raise ServiceUnavailable(MAIL_NOT_SENT) from exc
