"""What the session shows: navigations, routes and page flags derived from the Casbin policy."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.access import repository as repo
from api.access.models import Menu, Page
from api.access.schemas import (
    EffectiveAccess,
    EffectivePage,
    Grant,
    MenuItem,
    NavItem,
    PageFlags,
    SessionOut,
    SessionUser,
)
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import NotFound
from api.users.models import User
from policies.navigation import DEMO_PAGES


def page_flags(policy: PolicyStore, role: str, pages: list[Page]) -> dict[str, PageFlags]:
    return {
        p.code: PageFlags(
            is_read=policy.allowed(role, p.code, "read"),
            is_write=policy.allowed(role, p.code, "write"),
            is_edit=policy.allowed(role, p.code, "edit"),
            is_delete=policy.allowed(role, p.code, "delete"),
        )
        for p in pages
    }


def _menu_tree(menus: list[Menu], readable: set[str], pages: dict[str, Page]) -> list[NavItem]:
    children: dict[int | None, list[Menu]] = {}
    for m in sorted(menus, key=lambda m: (m.seq, m.id)):
        children.setdefault(m.parent_id, []).append(m)

    def build(parent: int | None) -> list[NavItem]:
        items = []
        for m in children.get(parent, []):
            sub = build(m.id)
            if m.page_code is not None and m.page_code not in readable:
                continue
            if m.page_code is None and m.url is None and not sub:
                continue  # an empty group (an item with its own url opens no page: everyone sees it)
            url = m.url or (pages[m.page_code].url if m.page_code else None) or (sub[0].url if sub else None)
            items.append(NavItem(id=m.id, label=m.label, url=url, icon=m.icon, position=m.position,
                                 submenu=sub))
        return items

    return build(None)


def menu_tree(session: Session) -> list[MenuItem]:
    """The whole menu tree, in order, every item whoever may see it (Menu Management and Menu Page Access)."""
    menus = repo.menus(session)
    pages = {p.code: p for p in repo.pages(session)}
    nodes = {m.id: MenuItem(id=m.id, label=m.label, position=m.position, icon=m.icon,
                            page_code=m.page_code, page_name=pages[m.page_code].name if m.page_code else None,
                            url=m.url, opens=m.url or (pages[m.page_code].url if m.page_code else None),
                            parent_id=m.parent_id, seq=m.seq, submenu=[]) for m in menus}
    roots: list[MenuItem] = []
    for m in menus:
        (nodes[m.parent_id].submenu if m.parent_id in nodes else roots).append(nodes[m.id])
    return roots


def session_user(user: User, settings: Settings) -> SessionUser:
    return SessionUser(
        user_id=user.id, id=user.id, username=user.username, fullname=user.fullname, nickname=user.nickname,
        tenant_name=settings.tenant_name, role_name=user.role.name, role_description=user.role.description,
        dashboard_component=user.role.dashboard_component, hierarchy_whitelist=user.role.hierarchy_whitelist,
        profile_picture=user.profile_picture, gender=user.gender,
        dob=user.dob.isoformat() if user.dob else None, email=user.email, phone_number=user.phone_number,
        device_id=user.device_id, leader_id=user.leader_id,
        leader_name=user.leader.fullname if user.leader else None,
    )


def session_payload(*, session: Session, policy: PolicyStore, settings: Settings, user: User) -> SessionOut:
    """The signed-in user's menus, allowed routes and page flags, all decided by Casbin for the role."""
    pages = repo.pages(session)
    flags = page_flags(policy, user.role.name, pages)
    readable = {code for code, f in flags.items() if f.is_read}
    routes = sorted(p.url for p in pages if p.url and p.code in readable)
    menus = repo.menus(session)
    navigations = _menu_tree(menus, readable, {p.code: p for p in pages})
    return SessionOut(user=session_user(user, settings), navigations=navigations, routes=routes,
                      all_routes=sorted(p.url for p in pages if p.url), page_access=flags,
                      route_names={p.url: p.name for p in pages if p.url}, time_zone=settings.time_zone)


def effective_access(*, session: Session, policy: PolicyStore, user_id: int) -> EffectiveAccess:
    """Every page with its four flags for the user's role, each with the policy lines that grant it."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("User not found.")
    role = user.role.name

    def grant(code: str, action: str) -> Grant:
        lines = policy.explain(role, code, action)
        return Grant(allowed=bool(lines), granted_by=lines)

    pages = sorted((p for p in repo.pages(session) if p.code not in DEMO_PAGES), key=lambda p: p.code)
    return EffectiveAccess(
        user_id=user.id, username=user.username, fullname=user.fullname, role_name=role,
        role_description=user.role.description,
        pages=[EffectivePage(code=p.code, name=p.name, url=p.url, read=grant(p.code, "read"),
                             write=grant(p.code, "write"), edit=grant(p.code, "edit"),
                             delete=grant(p.code, "delete")) for p in pages])
