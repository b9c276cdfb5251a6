"""The board in one statement: every board stage in order with the reader's pin, and for each column its number of
leads and their gross profit under the filters and its first cards, each column read by LATERAL subqueries (an index
range scan of the column's leads by last contact). A search first finds its leads by the trigram indexes on the
project and the client names (a CTE the columns then read), an OR of the two being an index for neither."""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Double,
    FromClause,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    case,
    cast,
    func,
    or_,
    select,
    true,
    union_all,
)
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.core.listing import like
from api.leads import stage_rules
from api.leads.models import Lead, LeadPin, Stage
from api.leads.visibility import in_scope_array, team_scope
from api.master_data.models import ProjectType
from api.pcs.models import ProjectCostSheet
from api.users.models import User

LEADS: FromClause = Lead.__table__
INDEXED, INDEXED_TERM = "indexed", 3  # a search of 3 characters or more has a trigram the indexes can find
# what a column reads of its leads (a search's CTE keeps these)
_READ = ("id", "client_id", "project_name", "last_contacted_at", "sales_person_id", "status", "project_type_id",
         "total_gross_profit", "stage_id")


def _filters(*, team: bool, sales_person: bool) -> list[ColumnElement[bool]]:
    """The board's filters on its leads: the statuses, the reader's team (unless they see every lead), a sales
    person."""
    filters = [Lead.status.in_(bindparam("statuses", expanding=True)),
               in_scope_array(team_scope(bindparam("reader", type_=Integer)) if team else None)]
    if sales_person:
        filters.append(Lead.sales_person_id == bindparam("sales_person", type_=Integer))
    return filters


def _source(*, team: bool, search: str | None, sales_person: bool) -> tuple[FromClause, list[ColumnElement[bool]]]:
    """Where the columns read their leads, and the condition those leads meet: the leads under the filters; for a
    search the trigram indexes can read (INDEXED), its matching leads first (the project name's, then the client
    name's other leads, each from its own index); for a shorter one, the names tested on the columns' own leads."""
    filters = _filters(team=team, sales_person=sales_person)
    if search is None:
        return LEADS, filters
    term = bindparam("term", type_=String)
    by_project = Lead.project_name.ilike(term)
    by_client = Lead.client_id.in_(select(Client.id).where(Client.client_name.ilike(term)))
    if search != INDEXED:
        return LEADS, [*filters, or_(by_project, by_client)]
    read = [LEADS.c[name] for name in _READ]
    found = union_all(select(*read).where(by_project, *filters), select(*read).where(by_client, ~by_project, *filters))
    return found.cte("found"), []


# unscoped: correlated with the board's leads, which _source scopes
def _cards(leads: FromClause, where: list[ColumnElement[bool]], *, descending: bool) -> Select[Any]:
    """A column's first cards, by last contact (then the newest lead first), named once they are chosen."""
    contacted = leads.c.last_contacted_at
    first = (select(*(leads.c[name] for name in _READ)).where(*where).correlate(Stage)
             .order_by(contacted.desc() if descending else contacted.asc(), leads.c.id.desc())
             .limit(bindparam("per_column", type_=Integer)).lateral("first"))
    return (select(first.c.id, Client.client_name, first.c.project_name, first.c.last_contacted_at, User.nickname,
                   User.fullname.label("sales_fullname"), first.c.sales_person_id, first.c.status,
                   ProjectType.project_type_name, cast(first.c.total_gross_profit, Double).label("total_gross_profit"),
                   ProjectCostSheet.status.label("pcs_status"))
            .select_from(first).join(Client, Client.id == first.c.client_id)
            .join(User, User.id == first.c.sales_person_id)
            .outerjoin(ProjectType, ProjectType.id == first.c.project_type_id)
            .outerjoin(ProjectCostSheet, ProjectCostSheet.lead_id == first.c.id))  # one sheet per lead


def _totals(leads: FromClause, where: list[ColumnElement[bool]], *, grouped: bool) -> tuple[FromClause, Any]:
    """Each column's number of leads and their gross profit, and the join condition on the stage: per column (an
    index-only scan of its leads), or one pass over a search's leads."""
    gross_profit = cast(func.coalesce(func.sum(leads.c.total_gross_profit), 0), Double)
    if not grouped:
        return select(func.count().label("total_leads"), gross_profit.label("total_gp")).where(*where).lateral(
            "totals"), true()
    totals = select(leads.c.stage_id, func.count().label("total_leads"), gross_profit.label("total_gp")).group_by(
        leads.c.stage_id).subquery("totals")
    return totals, totals.c.stage_id == Stage.id


@cache
def _statement(*, team: bool, search: str | None, sales_person: bool, stage: bool, ascending: bool) -> Select[Any]:
    """The board's statement of one shape, built once (its values are bind parameters)."""
    leads, filters = _source(team=team, search=search, sales_person=sales_person)
    where = [leads.c.stage_id == Stage.id, *filters]
    if stage:
        where.append(Stage.id == bindparam("stage", type_=Integer))
    if ascending:
        oldest_first = Stage.stage_name.in_(bindparam("ascending", expanding=True))
        cards = union_all(_cards(leads, [*where, ~oldest_first], descending=True),
                          _cards(leads, [*where, oldest_first], descending=False)).lateral("cards")
        first = [case((oldest_first, cards.c.last_contacted_at))]
    else:
        cards = _cards(leads, where, descending=True).lateral("cards")
        first = []
    totals, on_stage = _totals(leads, where, grouped=search == INDEXED)
    return (select(Stage.id.label("stage_id"), Stage.stage_name, Stage.stage_description,
                   LeadPin.stage_id.is_not(None).label("is_pinned"),
                   func.coalesce(totals.c.total_leads, 0).label("total_leads"),
                   func.coalesce(totals.c.total_gp, 0.0).label("total_gp"), *cards.c)
            .select_from(Stage)
            .outerjoin(LeadPin, and_(LeadPin.user_id == bindparam("reader", type_=Integer),
                                     LeadPin.stage_id == Stage.id))
            .outerjoin(totals, on_stage).outerjoin(cards, true())
            .where(Stage.stage_name != stage_rules.CLOSED_STAGE)
            .order_by(Stage.seq_number, *first, cards.c.last_contacted_at.desc(), cards.c.id.desc()))


def board(session: Session, *, reader: int, everyone: bool, statuses: list[str], search: str | None,
          sales_person_id: int | None, selected_stage: int | None, ascending: list[str],
          per_column: int) -> list[Any]:
    """A row per card of every board stage: stage_id, stage_name, stage_description, is_pinned, total_leads,
    total_gp, then the card's id, client_name, project_name, last_contacted_at, nickname, sales_fullname,
    sales_person_id, status, project_type_name, total_gross_profit and pcs_status (a column without cards: one row
    whose card is NULL); amounts as floats (as the answer has them). The stages come in order and each column's
    cards in its order: most recent contact first, oldest first for the stages named in `ascending`.
    `reader` sees their team's leads, or every lead. Every board stage comes back; a stage other than
    `selected_stage` (when given) without cards or totals."""
    searched = None if not search else INDEXED if len(search) >= INDEXED_TERM else "scan"
    stmt = _statement(team=not everyone, search=searched, sales_person=bool(sales_person_id),
                      stage=bool(selected_stage), ascending=bool(ascending))
    values = {"reader": reader, "statuses": statuses, "per_column": per_column, "term": like(search or ""),
              "sales_person": sales_person_id, "stage": selected_stage, "ascending": ascending}
    return list(session.execute(stmt, values))
