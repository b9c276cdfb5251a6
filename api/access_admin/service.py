"""Menu and page access administration (system/menu-page-access): roles, with their dashboard and hierarchy
whitelist, and each role's read/write/edit/delete per page. Every change is written to the policy table in the
caller's transaction with its audit entry; once committed, the caller tells every API process to reload the policy
(PolicyStore.changed), so signed-in sessions see it on their next request. Nobody can take away their own role's
access to this screen."""

from __future__ import annotations

import re

from redis import Redis
from sqlalchemy.orm import Session

from api.access import repository as access_repo
from api.access.models import Page as PageModel
from api.access_admin import repository as repo
from api.access_admin.schemas import (
    PageAccessIn,
    PageFlagsOut,
    PageRow,
    RoleAccessRow,
    RoleIn,
    RolePageAccess,
    WhitelistStatus,
)
from api.audit import service as audit
from api.audit.models import Action
from api.auth.second_factor import service as second_factor
from api.core.authz import PolicyStore
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.users import repository as users_repo
from api.users.models import Role, User
from policies.navigation import DEMO_PAGES

THIS_PAGE = "system/menu-page-access"
ACTIONS = ("read", "write", "edit", "delete")
ROLE_NOT_FOUND = "Role not found."
NAME_REQUIRED = "Please enter role name"
NAME_RULE = "Role name must be 2-50 capital letters, digits or underscores, starting with a letter (e.g. KEY_ACCOUNT)."
DESCRIPTION_REQUIRED = "Please enter role description"
DESCRIPTION_RULE = "Role description must be at most 120 characters."
NAME_FIXED = "A role's name cannot change: the access rules are written against it. Change its description instead."
EVERY_PAGE = "This role has every access (a wildcard line): it is not set page by page."
OWN_ACCESS = "You cannot remove your own role's read and edit access to Menu Page Access."
ROLE_NAME = re.compile(r"^[A-Z][A-Z0-9_]{1,49}$")


def name_taken(name: str) -> str:
    return f"Role '{name}' already exists."


def unknown_page(code: str) -> str:
    return f"Unknown page '{code}'."


def demo_page(code: str) -> str:
    return f"The page '{code}' is a demo page for administrators: it is not given to a role."


def role_in_use(role: Role, count: int) -> str:
    users = "user has" if count == 1 else "users have"
    return f"{count} {users} the role {role.description}: give them another role first."


def _rows(session: Session, roles: list[Role]) -> list[RoleAccessRow]:
    lines = repo.lines(session, [r.name for r in roles])
    readable: dict[str, set[str]] = {}
    every: set[str] = set()
    for line in lines:
        if line.v1 == repo.WILDCARD:
            every.add(line.v0 or "")
        elif line.v2 in ("read", repo.WILDCARD):
            readable.setdefault(line.v0 or "", set()).add(line.v1 or "")
    users = repo.user_counts(session, [r.id for r in roles], active_only=True)
    return [RoleAccessRow(id=r.id, role_name=r.name, role_description=r.description,
                          dashboard_component=r.dashboard_component, hierarchy_whitelist=r.hierarchy_whitelist,
                          require_second_factor=r.require_second_factor,
                          pages=len(readable.get(r.name, ())), users=users.get(r.id, 0), every_page=r.name in every)
            for r in roles]


def list_roles(*, session: Session, params: ListParams) -> Page[RoleAccessRow]:
    roles, total = repo.page(session, params)
    return Page(data=_rows(session, roles), total_rows=total)


def role_list(*, session: Session) -> list[RoleAccessRow]:
    return _rows(session, users_repo.roles(session))


def _pages(session: Session) -> list[PageModel]:
    """The pages access is given on: every page but the demo ones (policies.navigation.DEMO_PAGES)."""
    return sorted((p for p in access_repo.pages(session) if p.code not in DEMO_PAGES), key=lambda p: p.code)


def page_list(*, session: Session) -> list[PageRow]:
    return [PageRow(code=p.code, name=p.name, url=p.url) for p in _pages(session)]


def _role(session: Session, role_id: int) -> Role:
    role = session.get(Role, role_id)
    if role is None:
        raise NotFound(ROLE_NOT_FOUND)
    return role


def role_access(*, session: Session, role_id: int) -> RolePageAccess:
    """The role and its own flags on every page (what the matrix edits)."""
    role = _role(session, role_id)
    granted = {(line.v1, line.v2) for line in repo.lines(session, [role.name])}
    every = (repo.WILDCARD, repo.WILDCARD) in granted

    def has(code: str, action: str) -> bool:
        return every or (code, action) in granted or (code, repo.WILDCARD) in granted

    return RolePageAccess(role=_rows(session, [role])[0], pages=[
        PageFlagsOut(code=p.code, name=p.name, url=p.url, is_read=has(p.code, "read"), is_write=has(p.code, "write"),
                     is_edit=has(p.code, "edit"), is_delete=has(p.code, "delete")) for p in _pages(session)])


def whitelist_status(*, session: Session, role_id: int) -> WhitelistStatus:
    role = _role(session, role_id)
    return WhitelistStatus(role_id=role.id, hierarchy_whitelist=role.hierarchy_whitelist)


def _described(role: Role) -> dict[str, object]:
    return {"name": role.name, "description": role.description, "dashboard": role.dashboard_component,
            "hierarchyWhitelist": role.hierarchy_whitelist, "requireSecondFactor": role.require_second_factor}


def save_role(*, session: Session, redis_client: Redis, actor: User, data: RoleIn) -> Role:
    """Add a role (no access yet) or change one's description, dashboard, hierarchy whitelist and whether its users
    need a second factor (turned on, the sessions of its users without one end: they enrol at their next sign-in)."""
    role = _role(session, data.id) if data.id else None
    name = (data.role_name or "").strip().upper()
    description = (data.role_description or "").strip()
    errors: list[str] = []
    if role is not None and name and name != role.name:
        errors.append(NAME_FIXED)
    elif role is None:
        if not name:
            errors.append(NAME_REQUIRED)
        elif not ROLE_NAME.match(name):
            errors.append(NAME_RULE)
        elif repo.name_taken(session, name, None):
            errors.append(name_taken(name))
    if not description:
        errors.append(DESCRIPTION_REQUIRED)
    elif len(description) > 120:
        errors.append(DESCRIPTION_RULE)
    if errors:
        raise ValidationFailed(errors)
    before = _described(role) if role else {}
    if role is None:
        role = Role(name=name)
        session.add(role)
    role.description = description
    role.dashboard_component = data.dashboard_component
    role.hierarchy_whitelist = data.hierarchy_whitelist
    now_required = data.require_second_factor and not role.require_second_factor
    role.require_second_factor = data.require_second_factor
    session.flush()
    changes = audit.diff(before, _described(role))
    if changes:
        audit.record(session, actor_id=actor.id, subject="ROLE", subject_id=role.name, label=role.description,
                     action="UPDATE" if before else "CREATE", changes=changes)
    session.commit()
    if now_required:
        second_factor.end_sessions_needing_enrolment(session, redis_client, role_id=role.id)
    return role


def delete_role(*, session: Session, actor: User, role_id: int, policy: PolicyStore) -> None:
    """Remove a role nobody has (active or not), with its policy lines; never the role of everything."""
    role = _role(session, role_id)
    if any(line.v1 == repo.WILDCARD for line in repo.lines(session, [role.name])):
        raise Conflict(EVERY_PAGE)
    holders = repo.user_counts(session, [role.id], active_only=False).get(role.id, 0)
    if holders:
        raise Conflict(role_in_use(role, holders))
    repo.forget_role(session, role.name)
    audit.record(session, actor_id=actor.id, subject="ROLE", subject_id=role.name, label=role.description,
                 action="DELETE", changes=audit.diff(_described(role), {}))
    session.delete(role)
    session.flush()
    session.commit()
    policy.changed()  # every process reloads the policy


def save_page_access(*, session: Session, actor: User, data: PageAccessIn, policy: PolicyStore) -> RolePageAccess:
    """The role's matrix becomes exactly what was sent; each flag that changed is audited (GRANT, REVOKE)."""
    role = _role(session, data.role_id)
    current = role_access(session=session, role_id=role.id)
    if current.role.every_page:
        raise Conflict(EVERY_PAGE)
    known = {p.code: p for p in current.pages}
    errors = [demo_page(p.code) if p.code in DEMO_PAGES else unknown_page(p.code) for p in data.pages
              if p.code not in known]
    if errors:
        raise ValidationFailed(errors)
    wanted = {p.code: {"read": p.is_read, "write": p.is_write, "edit": p.is_edit, "delete": p.is_delete}
              for p in data.pages}
    if role.id == actor.role_id:
        own = wanted.get(THIS_PAGE, {})
        if not (own.get("read") and own.get("edit")):
            raise ValidationFailed(OWN_ACCESS)
    granted = [(code, action) for code in sorted(wanted) for action in ACTIONS if wanted[code][action]]
    repo.replace_lines(session, role.name, granted)
    session.flush()
    for code, page in known.items():
        was = {"read": page.is_read, "write": page.is_write, "edit": page.is_edit, "delete": page.is_delete}
        now = wanted.get(code, dict.fromkeys(ACTIONS, False))
        changes = [{"field": action, "old": was[action], "new": now[action]} for action in ACTIONS
                   if was[action] != now[action]]
        if changes:
            kind: Action = "GRANT" if all(c["new"] for c in changes) else "REVOKE" if not any(
                c["new"] for c in changes) else "CHANGE"
            audit.record(session, actor_id=actor.id, subject="ACCESS", subject_id=f"{role.name}:{code}",
                         label=f"{role.description} · {page.name}", action=kind, changes=changes)
    session.commit()
    policy.changed()  # every process reloads the policy
    return role_access(session=session, role_id=role.id)
