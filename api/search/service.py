"""One search box over the product (the top bar's): clients, contacts, leads (by project name, PID or client), cost
sheets and users, each kind only for those whose role may read its page, and leads and cost sheets only where the
reader may see the lead (the leads' one scoping rule); an approver, who reads leads only through their view page,
finds those they are asked to decide on.

Names are typo-tolerant: a name matches when its words are close to the term's by trigram word similarity (pg_trgm's
`<%`, so 'bank nusa mandri' finds 'Bank Nusa Mandiri'), the closest first, read from a GiST trigram index in distance
order a few at a time; codes and PIDs match exactly. A term shorter than MIN_NAME matches codes only (a trigram of
fewer letters finds everything); a longer one is cut to MAX_TERM; LIKE's wildcards are matched as typed."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Float, case, func, literal, or_, select, union_all
from sqlalchemy.orm import Session

from api.approvals import delegates
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.core.authz import PolicyStore
from api.core.listing import like
from api.leads import visibility
from api.leads.models import Lead, LeadProjectId, Stage
from api.pcs.models import ProjectCostSheet
from api.search.schemas import SearchGroup, SearchHit, SearchOut
from api.users.models import User

MIN_NAME = 3  # letters before names are searched
MAX_TERM = 100  # what is searched of a longer term
PER_KIND = 6
# the pages whose read access lets a kind be found (a lead's and a cost sheet's rows are scoped besides)
PAGES = {"clients": "system/client-management", "contacts": "system/contact-management", "leads": "leads",
         "costSheets": "leads", "users": "system/user-management"}
ASKED_PAGE = "leads/view"  # a role without `leads` reads through it the leads it is asked to decide on
LABELS = {"clients": "Clients", "contacts": "Contacts", "leads": "Leads", "costSheets": "Cost sheets",
          "users": "Users"}
SHEET_STATUS = {"SAVED_AS_DRAFT": "Draft", "WAITING_FOR_APPROVAL": "Waiting for approval", "APPROVED": "Approved",
                "REJECTED": "Rejected"}


def term_of(raw: str) -> str:
    """The term as searched: spaces collapsed, at most MAX_TERM characters."""
    return " ".join(raw.split())[:MAX_TERM]


def _near(column: Any, term: str) -> Any:
    """The name's words are close to the term's (trigram word similarity at least pg_trgm's threshold, 0.6)."""
    return literal(term).op("<%")(column)


def _distance(column: Any, term: str) -> Any:
    """How far the name is from the term (0: it has the term's words): the GiST index reads names in this order."""
    return literal(term).op("<<->", return_type=Float)(column)


def _rank(column: Any, term: str) -> Any:
    return func.word_similarity(term, column)


def search(*, session: Session, policy: PolicyStore, actor: User, raw: str) -> SearchOut:
    term = term_of(raw)
    allowed = {kind for kind, page in PAGES.items() if policy.allowed(actor.role.name, page, "read")}
    asked_only = "leads" not in allowed and policy.allowed(actor.role.name, ASKED_PAGE, "read")
    if len(term) < 2 or not (allowed or asked_only):
        return SearchOut(term=term, groups=[])
    names = len(term) >= MIN_NAME
    found: dict[str, list[SearchHit]] = {}
    if "clients" in allowed:
        found["clients"] = _clients(session, term, names)
    if "contacts" in allowed and names:
        found["contacts"] = _contacts(session, term)
    if "leads" in allowed:
        # the reader's sales people as a subquery of the leads' statement (no round trip of its own)
        found["leads"], found["costSheets"] = _leads(session, term, names, visibility.visible_scope(actor))
    elif asked_only:
        # an approver reads the leads (and their cost sheets) they are asked to decide on, on the lead's view page
        asked = visibility.asked_about(delegates.tasks_offered_to(session, actor.id))
        found["leads"], found["costSheets"] = _leads(session, term, names, None, only=asked, view=True)
    if "users" in allowed and names:
        found["users"] = _users(session, term)
    return SearchOut(term=term, groups=[SearchGroup(kind=kind, label=LABELS[kind], hits=hits)
                                        for kind, hits in found.items() if hits])


def _closest(column: Any, key: Any, term: str, limit: int = PER_KIND) -> Any:
    """The ids of the `limit` names closest to the term (a walk of the GiST index in distance order)."""
    return select(key).where(_near(column, term)).order_by(_distance(column, term)).limit(limit)


def _clients(session: Session, term: str, names: bool) -> list[SearchHit]:
    code = Client.client_code == term.upper()
    candidates = [select(Client.id).where(code)]
    if names:
        candidates.append(_closest(Client.client_name, Client.id, term))
    ids = union_all(*candidates).subquery()
    stmt = (select(Client.id, Client.client_name, Client.client_code).where(Client.id.in_(select(ids.c.id)))
            .order_by(case((code, 0), else_=1), _rank(Client.client_name, term).desc(), Client.client_name)
            .limit(PER_KIND))
    return [SearchHit(id=i, title=name, subtitle=f"Client {c}", link=f"/system/client-management/{i}")
            for i, name, c in session.execute(stmt).tuples()]


def _contacts(session: Session, term: str) -> list[SearchHit]:
    close = _closest(Contact.fullname, Contact.id, term, 3 * PER_KIND).where(Contact.deleted_at.is_(None))
    candidates = [close] + ([select(Contact.id).where(func.lower(Contact.email) == term.lower())]
                            if "@" in term else [])
    ids = union_all(*candidates).subquery()
    stmt = (select(Contact.id, Contact.fullname, Contact.position, Client.client_name)
            .join(Client, Client.id == Contact.client_id)
            .where(Contact.id.in_(select(ids.c.id)), Contact.deleted_at.is_(None))
            .order_by(_rank(Contact.fullname, term).desc(), Contact.fullname).limit(PER_KIND))
    return [SearchHit(id=i, title=name, subtitle=f"{position} · {client}",
                      link=f"/system/contact-management/{i}/view")
            for i, name, position, client in session.execute(stmt).tuples()]


def _leads(session: Session, term: str, names: bool, scope: visibility.SalesScope, *,
           only: ColumnElement[bool] | None = None, view: bool = False) -> tuple[list[SearchHit], list[SearchHit]]:
    """The leads whose PID is the term, whose project names are closest to it and those of the clients closest to
    it, that the reader may see (each a few, from its own index: in `scope`, and meeting `only` when given); and the
    cost sheets of those leads. `view`: linked to the lead's view page (a reader asked about it, not working on it)."""

    def readable(stmt: Any) -> Any:
        stmt = visibility.scoped(stmt, scope)
        return stmt if only is None else stmt.where(only)

    by_pid = select(LeadProjectId.lead_id).where(LeadProjectId.pid_number == term.upper())
    candidates = [readable(select(Lead.id).where(Lead.id.in_(by_pid)))]
    if names:
        candidates.append(readable(_closest(Lead.project_name, Lead.id, term)))
        clients = _closest(Client.client_name, Client.id, term, 5)
        candidates.append(readable(select(Lead.id).where(Lead.client_id.in_(clients))
                                   .order_by(Lead.id.desc()).limit(PER_KIND)))
    ids = union_all(*candidates).subquery()
    pid = (select(LeadProjectId.pid_number).where(LeadProjectId.lead_id == Lead.id)
           .order_by(LeadProjectId.id.desc()).limit(1).scalar_subquery())
    exact = Lead.id.in_(by_pid)
    stmt = (select(Lead.id, Lead.project_name, Client.client_name, Stage.stage_name, Stage.stage_description, pid,
                   ProjectCostSheet.id, ProjectCostSheet.status)
            .join(Client, Client.id == Lead.client_id).join(Stage, Stage.id == Lead.stage_id)
            .outerjoin(ProjectCostSheet, ProjectCostSheet.lead_id == Lead.id)
            .where(Lead.id.in_(select(ids.c.id)))
            .order_by(case((exact, 0), else_=1),
                      func.greatest(_rank(Lead.project_name, term), _rank(Client.client_name, term)).desc(),
                      Lead.id.desc()).limit(PER_KIND))
    leads, sheets = [], []
    for i, project, client, stage, description, pid_number, sheet, status in session.execute(stmt).tuples():
        leads.append(SearchHit(id=i, title=project, subtitle=" · ".join(
            p for p in (client, f"{stage} {description}", pid_number) if p),
            link=f"/leads/{i}/view" if view else f"/leads/{i}"))
        if sheet is not None:  # on the lead's view page, its cost sheet's card
            sheets.append(SearchHit(id=sheet, title=f"Cost sheet of {project}",
                                    subtitle=f"{client} · {SHEET_STATUS.get(status or '', status)}",
                                    link=f"/leads/{i}/view" if view else f"/leads/{i}/project-cost-sheet"))
    return leads, sheets


def _users(session: Session, term: str) -> list[SearchHit]:
    """People by name or username (a few hundred: no index needed)."""
    stmt = (select(User.id, User.fullname, User.username, User.is_active)
            .where(or_(_near(User.fullname, term), User.username.ilike(like(term))))
            .order_by(_rank(User.fullname, term).desc(), User.fullname).limit(PER_KIND))
    return [SearchHit(id=i, title=name, subtitle=username + ("" if active else " · inactive"),
                      link=f"/system/user-management/{i}")
            for i, name, username, active in session.execute(stmt).tuples()]
