"""User Management (system/user-management): list, create and edit users, deactivate instead of delete. Every rule
is checked at once with the form's messages, every change is audited in its own transaction, and the hierarchy never
gets a cycle (the visibility of leads walks it with a recursive query)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from redis import Redis
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.audit.models import Action
from api.auth import sessions
from api.auth.passwords import check_new_password
from api.auth.second_factor import service as second_factor
from api.core import versions
from api.core.errors import Conflict, Forbidden, NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.core.security import hash_password, new_secret
from api.master_data.service import users_changed
from api.user_admin.schemas import HierarchyNode, RoleOption, UserIn, UserRow
from api.users import erasure as users_erasure
from api.users import repository
from api.users.models import Role, User

USER_NOT_FOUND = "User not found."
USERNAME_REQUIRED = "Please enter username"
USERNAME_RULE = "Username must be 3-60 characters: letters, digits, dots, dashes or underscores."
FULLNAME_REQUIRED = "Please enter full name"
ROLE_REQUIRED = "Please choose role"
ROLE_NOT_FOUND = "Role not found."
LEADER_NOT_FOUND = "Leader not found or not active."
OWN_LEADER = "A user cannot be their own leader."
EMAIL_RULE = "Please enter a valid e-mail address"
PHONE_RULE = "Phone number can hold digits, spaces, dashes and a leading + (at most 20)."
GENDER_RULE = "Gender must be Female or Male."
DOB_RULE = "Date of birth cannot be in the future."
PASSWORD_OR_MAIL = "Set a password or send the password mail."
MAIL_NEEDS_EMAIL = "An e-mail address is needed to send the password mail."
NOT_YOURSELF = "You cannot deactivate your own account."
OWN_ROLE = "You cannot change your own role: ask another administrator."
INACTIVE_MOVED = "An inactive user has no place in the hierarchy: activate them first."

USERNAME = re.compile(r"^[a-z0-9._-]{3,60}$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
PHONE = re.compile(r"^\+?[0-9][0-9 -]{4,19}$")
GENDERS = {"f": "F", "female": "F", "m": "male", "male": "male"}
LIMITS = {"fullname": ("Full name", 120), "nickname": ("Nickname", 60), "email": ("E-mail", 160)}


def username_taken(username: str) -> str:
    return f"Username '{username}' is already taken."


def cycle_message(user: User, leader: User) -> str:
    return f"{user.fullname} cannot report to {leader.fullname}: {leader.fullname} reports to {user.fullname}."


def reports_first(user: User, count: int) -> str:
    people = "person reports" if count == 1 else "people report"
    return f"{count} {people} to {user.fullname}: move them to another leader before deactivating {user.fullname}."


def to_row(user: User, reports: int = 0) -> UserRow:
    return UserRow(id=user.id, username=user.username, fullname=user.fullname, nickname=user.nickname,
                   role_id=user.role_id, role_name=user.role.name, role_description=user.role.description,
                   leader_id=user.leader_id, leader_name=user.leader.fullname if user.leader else None,
                   email=user.email, phone_number=user.phone_number, gender=user.gender, dob=user.dob,
                   is_active=user.is_active, password_sign_in=user.password_sign_in,
                   last_sign_in_at=user.last_sign_in_at, reports=reports,
                   erased=users_erasure.is_erased(user), version=user.version)


def list_users(*, session: Session, params: ListParams) -> Page[UserRow]:
    users, total = repository.page(session, params)
    counts = repository.report_counts(session, [u.id for u in users])
    return Page(data=[to_row(u, counts.get(u.id, 0)) for u in users], total_rows=total)


def get_user(*, session: Session, user_id: int) -> UserRow:
    user = _found(session, user_id)
    return to_row(user, repository.report_counts(session, [user.id]).get(user.id, 0))


def roles(*, session: Session) -> list[RoleOption]:
    return [RoleOption(id=r.id, name=r.name, description=r.description) for r in repository.roles(session)]


def _found(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user


@dataclass(frozen=True)
class _Checked:
    values: dict[str, Any]
    role: Role | None
    leader: User | None


def _check(session: Session, data: UserIn, user: User | None) -> _Checked:
    """Every rule of the form, all messages at once (422); the values to save, trimmed and normalised."""
    errors: list[str] = []
    username = (data.username or "").strip().lower()
    if not username:
        errors.append(USERNAME_REQUIRED)
    elif not USERNAME.match(username):
        errors.append(USERNAME_RULE)
    elif repository.username_taken(session, username, exclude_id=user.id if user else None):
        errors.append(username_taken(username))
    text = {field: (getattr(data, field) or "").strip() or None for field in ("fullname", "nickname", "email")}
    if not text["fullname"]:
        errors.append(FULLNAME_REQUIRED)
    for field, (name, limit) in LIMITS.items():
        if text[field] and len(text[field] or "") > limit:
            errors.append(f"{name} must be at most {limit} characters.")
    if text["email"] and not EMAIL.match(text["email"] or ""):
        errors.append(EMAIL_RULE)
    phone = (data.phone_number or "").strip() or None
    if phone and not PHONE.match(phone):
        errors.append(PHONE_RULE)
    gender = GENDERS.get((data.gender or "").strip().lower()) if data.gender and data.gender.strip() else None
    if data.gender and data.gender.strip() and gender is None:
        errors.append(GENDER_RULE)
    if data.dob and data.dob > date.today():
        errors.append(DOB_RULE)
    role = session.get(Role, data.role_id) if data.role_id else None
    if data.role_id is None:
        errors.append(ROLE_REQUIRED)
    elif role is None:
        errors.append(ROLE_NOT_FOUND)
    if data.leader_id is not None and (user is None or data.leader_id != user.leader_id):
        repository.lock_hierarchy(session)
    leader = _check_leader(session, data.leader_id, user, errors)
    if user is None:
        if data.send_password_mail:
            if not text["email"]:
                errors.append(MAIL_NEEDS_EMAIL)
        elif data.password or data.confirm_password:
            errors += check_new_password(data.password, data.confirm_password)
        else:
            errors.append(PASSWORD_OR_MAIL)
    if errors:
        raise ValidationFailed(errors)
    values = {"username": username, **text, "phone_number": phone, "gender": gender, "dob": data.dob,
              "role_id": data.role_id, "leader_id": data.leader_id, "is_active": data.is_active,
              "password_sign_in": data.password_sign_in}
    return _Checked(values, role, leader)


def _check_leader(session: Session, leader_id: int | None, user: User | None, errors: list[str]) -> User | None:
    if leader_id is None:
        return None
    leader = session.get(User, leader_id)
    if leader is not None and user is not None and leader_id == user.leader_id:
        return leader  # unchanged: kept even if that leader has since been deactivated
    if leader is None or not leader.is_active:
        errors.append(LEADER_NOT_FOUND)
        return None
    if user is not None and leader.id == user.id:
        errors.append(OWN_LEADER)
    elif user is not None and repository.is_below(session, leader.id, user.id):
        errors.append(cycle_message(user, leader))
    return leader


def _described(session: Session, values: dict[str, Any]) -> dict[str, Any]:
    """The audited fields in words: the role's and the leader's names rather than their ids."""
    role = session.get(Role, values["role_id"]) if values.get("role_id") else None
    leader = session.get(User, values["leader_id"]) if values.get("leader_id") else None
    return {"username": values["username"], "fullname": values["fullname"], "nickname": values["nickname"],
            "role": role.description if role else None, "leader": leader.fullname if leader else None,
            "email": values["email"], "phoneNumber": values["phone_number"], "gender": values["gender"],
            "dob": values["dob"].isoformat() if values["dob"] else None, "active": values["is_active"],
            "passwordSignIn": values["password_sign_in"]}


def _values(user: User) -> dict[str, Any]:
    return {"username": user.username, "fullname": user.fullname, "nickname": user.nickname, "email": user.email,
            "phone_number": user.phone_number, "gender": user.gender, "dob": user.dob, "role_id": user.role_id,
            "leader_id": user.leader_id, "is_active": user.is_active, "password_sign_in": user.password_sign_in}


def create_user(*, session: Session, actor: User, data: UserIn, redis_client: Redis) -> User:
    """Save a new user (with the password given, or an unusable one until the password mail is used)."""
    checked = _check(session, data, None)
    # until the password mail is used, a password nobody knows
    password = data.password if not data.send_password_mail and data.password else new_secret()
    user = User(**checked.values, password_hash=hash_password(password))
    session.add(user)
    session.flush()
    audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id, label=audit.user_label(user),
                 action="CREATE", changes=audit.diff({}, _described(session, checked.values)))
    session.commit()
    users_changed(redis_client)  # the lists of sales people and teams
    return user


def update_user(*, session: Session, actor: User, user_id: int, data: UserIn, redis_client: Redis) -> User:
    """Save the form; a user it deactivates has their sessions ended once it commits."""
    user = _found(session, user_id)
    if users_erasure.is_erased(user):
        raise Conflict(users_erasure.ERASED_ACCOUNT)
    checked = _check(session, data, user)
    if user.id == actor.id and checked.values["role_id"] != user.role_id:
        raise Forbidden(OWN_ROLE)  # their access to this screen would go with it
    deactivating = user.is_active and not checked.values["is_active"]
    if deactivating:
        if user.id == actor.id:
            raise Forbidden(NOT_YOURSELF)
        reports = repository.report_counts(session, [user.id]).get(user.id, 0)
        if reports:
            raise Conflict(reports_first(user, reports))
    # the version the form opened: an edit over someone else's newer one (or a move in the hierarchy) is refused
    versions.claim(session, User, user.id, data.version, what=f"The user {user.fullname}")
    before = _described(session, _values(user))
    role_changed = checked.values["role_id"] != user.role_id
    for field, value in checked.values.items():
        setattr(user, field, value)
    session.flush()
    session.expire(user, ["role", "leader"])
    changes = audit.diff(before, _described(session, checked.values))
    if changes:
        action: Action = "DEACTIVATE" if deactivating else "ACTIVATE" if (
            not before["active"] and checked.values["is_active"]) else "UPDATE"
        audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id, label=audit.user_label(user),
                     action=action, changes=changes)
    session.commit()
    users_changed(redis_client)
    if deactivating:  # their sessions end at once
        sessions.close_all(redis_client, user.id)
    elif role_changed:  # to a role that requires a second factor they have not set up: they enrol first
        second_factor.end_sessions_needing_enrolment(session, redis_client, user_id=user.id)
    return user


def hierarchy(*, session: Session, actor: User) -> list[HierarchyNode]:
    """The active people of the tree the actor sees: everyone for a whitelisted role, else the actor's own
    subtree (a leader's team), the actor at its top."""
    people = repository.active_people(session, below=None if actor.role.hierarchy_whitelist else actor.id)
    visible = {u.id for u in people}
    return [HierarchyNode(id=u.id, username=u.username, fullname=u.fullname, nickname=u.nickname,
                          role_name=u.role.name, role_description=u.role.description,
                          leader_id=u.leader_id if u.leader_id in visible else None,
                          profile_picture=u.profile_picture) for u in people]


def move(*, session: Session, actor: User, user_id: int, leader_id: int | None, redis_client: Redis) -> User:
    """Give a person another leader (None: the top); refused when it would make a cycle. Audited as HIERARCHY."""
    user = _found(session, user_id)
    if not user.is_active:
        raise ValidationFailed(INACTIVE_MOVED)
    repository.lock_hierarchy(session)
    errors: list[str] = []
    leader = _check_leader(session, leader_id, user, errors)
    if errors:
        raise ValidationFailed(errors)
    before = user.leader.fullname if user.leader else None
    if user.leader_id != leader_id:
        user.leader_id = leader_id
        versions.bump(session, User, user.id)  # a user form opened before the move would put the old leader back
        session.flush()
        session.expire(user, ["leader"])
        audit.record(session, actor_id=actor.id, subject="HIERARCHY", subject_id=user.id,
                     label=audit.user_label(user),
                     action="MOVE", changes=[{"field": "leader", "old": before,
                                              "new": leader.fullname if leader else None}])
    session.commit()
    users_changed(redis_client)
    return user
