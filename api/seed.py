"""Reference and demo data, applied idempotently: `python -m api.seed reference` (a real deployment: docker-compose)
or `python -m api.seed demo` (reference data, then the demo users, pipelines, clients and leads: `make run`).

Reference data is what every deployment needs and creates no user: pages, menus, roles, the default Casbin policy,
master data, the chart of accounts (stages come with the migrations). It is created when absent and never overwrites
what an administrator changed; demo users are created when their username is free. Either way the first
administrator of FIRST_ADMIN_USERNAME / FIRST_ADMIN_PASSWORD is created when set and no administrator exists.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

import api.domains
from api.access.models import CasbinRule, Menu, Page, SeedMark
from api.activities.seed import seed_demo_activities
from api.admin import AdminError, ensure_first_admin_from_settings
from api.approvals.seed import seed_default_pipelines
from api.clients.seed import seed_demo_clients
from api.coa.seed import seed_chart_of_accounts
from api.core.config import get_settings
from api.core.db import make_engine, make_session_factory
from api.core.redis import make_redis
from api.core.security import hash_password
from api.holidays.seed import seed_demo_holidays
from api.leads.seed import seed_demo_closed_history, seed_demo_leads, seed_waiting_requests
from api.master_data.seed import seed_reference
from api.master_data.service import all_changed
from api.notifications.settings import seed_settings
from api.pcs.seed import seed_demo_cost_sheets
from api.sales_targets.seed import seed_demo_targets
from api.users.models import Role, User
from policies.enforcer import default_policy_rows
from policies.navigation import MENUS, PAGES, MenuSpec

log = logging.getLogger(__name__)

DEMO_PASSWORD = "Pipeline#2026!Go"

ROLES = [
    # name, description, dashboard component, hierarchy whitelist
    ("ADMIN", "Administrator", "TOP_MANAGEMENT", True),
    ("TOP_MANAGEMENT", "Top Management", "TOP_MANAGEMENT", True),
    ("TL", "Team Leader", "TL", False),
    ("SALES", "Sales Executive", "SALES", False),
    ("APPROVER", "Approver", None, False),
]


@dataclass(frozen=True)
class DemoUser:
    username: str
    fullname: str
    nickname: str
    role: str
    gender: str
    dob: date
    phone: str
    leader: str | None = None


DEMO_USERS = [
    DemoUser("admin", "Adi Nugroho", "Adi", "ADMIN", "male", date(1985, 3, 14), "6281210000001"),
    DemoUser("topmanager", "Ratna Wijaya", "Ratna", "TOP_MANAGEMENT", "F", date(1978, 7, 2), "6281210000002"),
    DemoUser("tl1", "Budi Santoso", "Budi", "TL", "male", date(1983, 11, 21), "6281210000003", "topmanager"),
    DemoUser("tl2", "Sari Lestari", "Sari", "TL", "F", date(1986, 5, 9), "6281210000004", "topmanager"),
    DemoUser("sales1", "Andi Pratama", "Andi", "SALES", "male", date(1992, 1, 17), "6281210000005", "tl1"),
    DemoUser("sales2", "Dewi Anggraini", "Dewi", "SALES", "F", date(1994, 9, 30), "6281210000006", "tl1"),
    DemoUser("sales3", "Rizky Hidayat", "Rizky", "SALES", "male", date(1995, 4, 8), "6281210000007", "tl1"),
    DemoUser("sales4", "Putri Maharani", "Putri", "SALES", "F", date(1993, 12, 3), "6281210000008", "tl2"),
    DemoUser("sales5", "Fajar Setiawan", "Fajar", "SALES", "male", date(1991, 6, 25), "6281210000009", "tl2"),
    DemoUser("sales6", "Intan Permata", "Intan", "SALES", "F", date(1996, 2, 14), "6281210000010", "tl2"),
    DemoUser("approver1", "Hendra Gunawan", "Hendra", "APPROVER", "male", date(1980, 8, 19), "6281210000011"),
    DemoUser("approver2", "Maya Kusuma", "Maya", "APPROVER", "F", date(1982, 10, 5), "6281210000012"),
]


MENU_PATH = " > "  # joins a menu's labels in MENUS into its seed mark: "Clients > COA Management"


def seed_access(session: Session) -> None:
    """Pages of the route table, the menu tree and the default policy (only when the policy is empty).

    Each page and menu item is added the first time the seed meets it, and marked (seed_marks): a marked item is
    never added again, so a page or menu the administrator removed stays removed and a renamed one is not added
    back under its old name. An item an older version added (present, unmarked) is only marked."""
    marks = {(m.kind, m.key): m for m in session.scalars(select(SeedMark))}

    def mark(kind: str, key: str, menu_id: int | None = None) -> None:
        marks[(kind, key)] = SeedMark(kind=kind, key=key, menu_id=menu_id)
        session.add(marks[(kind, key)])

    urls = dict(session.execute(select(Page.url, Page.code).where(Page.url.is_not(None))).tuples().all())
    codes = set(session.scalars(select(Page.code)))
    for code, name, url in PAGES:
        if ("PAGE", code) in marks:
            continue
        if code not in codes:
            if url is not None and url in urls:  # an administrator's page took the route first: theirs stays
                log.warning("page %s is not added: its url %s is the page %s's", code, url, urls[url])
                continue
            session.add(Page(code=code, name=name, url=url))
            codes.add(code)
        mark("PAGE", code)
    session.flush()

    menus = {m.id: m for m in session.scalars(select(Menu))}
    by_key = {(m.parent_id, m.label): m for m in menus.values()}

    def ensure(spec: MenuSpec, parent: Menu | None, path: str) -> None:
        key = f"{path}{MENU_PATH}{spec.label}" if path else spec.label
        seen = marks.get(("MENU", key))
        menu: Menu | None
        if seen is not None:  # the administrator's now: followed (renamed, moved), or gone
            menu = menus.get(seen.menu_id) if seen.menu_id is not None else None
        else:
            menu = by_key.get((parent.id if parent else None, spec.label))
            if menu is None and (spec.page is None or spec.page in codes):
                siblings = [m.seq for m in menus.values() if m.parent_id == (parent.id if parent else None)]
                menu = Menu(label=spec.label, position=spec.position, icon=spec.icon, page_code=spec.page,
                            parent_id=parent.id if parent else None, seq=max(siblings, default=-1) + 1)
                session.add(menu)
                session.flush()
                menus[menu.id] = menu
                by_key[(menu.parent_id, menu.label)] = menu
            mark("MENU", key, menu.id if menu else None)
        if menu is None:
            return  # removed by the administrator (or its page was): nor are its children brought back
        for child in spec.children:
            ensure(child, menu, key)

    for spec in MENUS:
        ensure(spec, None, "")
    session.flush()

    if session.scalar(select(CasbinRule.id).limit(1)) is None:
        for row in default_policy_rows():
            ptype, *values = row
            session.add(CasbinRule(ptype=ptype, **{f"v{i}": v for i, v in enumerate(values)}))


def seed_roles(session: Session) -> dict[str, Role]:
    """The five roles the policy names; returns every role by name."""
    roles = {r.name: r for r in session.scalars(select(Role))}
    for name, description, component, whitelist in ROLES:
        if name not in roles:
            roles[name] = Role(name=name, description=description, dashboard_component=component,
                               hierarchy_whitelist=whitelist)
            session.add(roles[name])
    session.flush()
    return roles


def seed_demo_users(session: Session) -> None:
    """The twelve demo users of the README, all with DEMO_PASSWORD."""
    roles = seed_roles(session)
    users = {u.username: u for u in session.scalars(select(User))}
    password_hash = hash_password(DEMO_PASSWORD)
    for demo in DEMO_USERS:
        if demo.username in users:
            continue
        user = User(username=demo.username, password_hash=password_hash, fullname=demo.fullname,
                    nickname=demo.nickname, email=f"{demo.username}@pipeline-crm.local",
                    phone_number=demo.phone, gender=demo.gender, dob=demo.dob, role_id=roles[demo.role].id,
                    leader_id=users[demo.leader].id if demo.leader else None)
        session.add(user)
        session.flush()
        users[demo.username] = user


def seed_reference_data(session: Session) -> None:
    """What a real deployment needs, and no user."""
    seed_access(session)
    seed_roles(session)
    seed_reference(session)
    seed_chart_of_accounts(session)
    seed_settings(session)


def seed_demo_data(session: Session) -> None:
    """The demo users, approval pipelines naming them, clients, leads (and those won in earlier years), their
    activities and cost sheets, sales targets and holidays (needs the reference data)."""
    seed_demo_users(session)
    seed_default_pipelines(session)
    seed_demo_clients(session)
    seed_demo_leads(session)
    seed_demo_closed_history(session)
    seed_demo_targets(session)
    seed_demo_activities(session)
    seed_demo_cost_sheets(session)
    seed_demo_holidays(session)


def seed(session: Session, *, demo: bool = True, waiting: bool = True) -> None:
    """Reference data and (unless demo is False) the demo data, committed. The requests of the leads seeded as
    waiting name the deployment's task queue in their workflow ids: a database copied for several deployments (the
    tests' template) is seeded without them (waiting=False), and each copy runs seed_waiting_requests."""
    api.domains.register()  # the request types the waiting requests are made of
    seed_reference_data(session)
    if demo:
        seed_demo_data(session)
    if waiting:
        seed_waiting_requests(session)  # also repairs leads an older version left waiting without a request
    session.commit()


USAGE = "usage: python -m api.seed reference|demo"


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("reference", "demo"):
        print(USAGE, file=sys.stderr)
        return 2
    settings = get_settings()
    if not settings.database_url:
        raise SystemExit("DATABASE_URL is not set")
    engine = make_engine(settings.database_url)
    try:
        with make_session_factory(engine)() as session:
            seed(session, demo=argv[0] == "demo")
            ensure_first_admin_from_settings(session, settings)
    except AdminError as exc:
        print(exc, file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    if settings.redis_url:  # reference data may have changed under the cached lists

        all_changed(make_redis(settings.redis_url))
    log.info("%s seed applied", argv[0])
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.exit(main(sys.argv[1:]))
