"""The board and the lead lists: columns E1-E6 with their first cards, pins, totals and filter options."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from api.core.errors import NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.lead_views import cards as repo
from api.lead_views.schemas import BoardColumn, FilterOptions, LeadCard, TotalGp
from api.leads import repository as leads_repo
from api.leads import stage_rules
from api.leads.models import ONGOING, STATUS_LABELS, Stage
from api.leads.schemas import Option, SalesOption
from api.leads.stage_admin import stage_out
from api.leads.statuses import parse_statuses
from api.leads.visibility import visible_sales_ids
from api.users.models import User

PER_COLUMN = 50


def _card(row: Any, stage_names: dict[int, str]) -> LeadCard:
    return LeadCard(id=row.id, client_name=row.client_name, project_name=row.project_name,
                    last_contacted=leads_repo.days_since(row.last_contacted_at), nickname=row.nickname,
                    sales_fullname=row.sales_fullname, sales_person_id=row.sales_person_id, status=row.status,
                    project_type=row.project_type_name, total_gross_profit=float(row.total_gross_profit),
                    pcs_status=row.pcs_status, stage_id=row.stage_id, stage_name=stage_names.get(row.stage_id, ""))


def parse_sort(raw: str | None, stages: list[Stage]) -> dict[int, bool]:
    """Per-column order by last contact, e.g. 'E1:asc,E3:desc'; columns not named: most recent first. `stages`
    are every board stage (a sort of a column the stage filter hides is kept, not refused)."""
    by_name = {s.stage_name: s.id for s in stages}
    result: dict[int, bool] = {}
    for part in (raw or "").split(","):
        if not part.strip():
            continue
        name, _, direction = part.strip().partition(":")
        if name not in by_name or direction.lower() not in ("asc", "desc"):
            raise ValidationFailed(f"Unknown board sort '{part.strip()}'. Use for example E1:asc,E2:desc.")
        result[by_name[name]] = direction.lower() == "desc"
    return result


def board(*, session: Session, actor: User, search: str | None, selected_stage: int | None,
          sales_person_id: int | None, status: str | None, sort: str | None) -> list[BoardColumn]:
    """Columns E1-E6 with their first cards, totals and the user's pins."""
    every = stage_rules.board_stages(session)
    descending = parse_sort(sort, every)
    stages = [s for s in every if s.id == selected_stage] if selected_stage else every
    scope = visible_sales_ids(session, actor)
    rows, counts = repo.board(session, stages=stages, scope=scope, statuses=parse_statuses(status), search=search,
                              sales_person_id=sales_person_id, descending=descending,
                              per_column=PER_COLUMN)
    pins = repo.pinned_stage_ids(session, actor.id)
    names = {s.id: s.stage_name for s in stages}
    cards: dict[int, list[LeadCard]] = {s.id: [] for s in stages}
    for row in rows:
        cards[row.stage_id].append(_card(row, names))
    return [BoardColumn(stage_id=s.id, stage_name=s.stage_name, stage_description=s.stage_description,
                        is_pinned=s.id in pins, leads=cards[s.id], total_leads=counts.get(s.id, (0, 0.0))[0],
                        total_gross_profit=counts.get(s.id, (0, 0.0))[1])
            for s in stages]


def list_leads(*, session: Session, actor: User, status: str | None, params: ListParams, stage_id: int | None,
               sales_person_id: int | None) -> Page[LeadCard]:
    rows, total = repo.list_page(session, scope=visible_sales_ids(session, actor), statuses=parse_statuses(status),
                                 params=params, stage_id=stage_id, sales_person_id=sales_person_id)
    names = leads_repo.stage_names(session)
    return Page[LeadCard](data=[_card(r, names) for r in rows], total_rows=total)


def set_pin(*, session: Session, actor: User, stage_id: int, is_pinned: bool) -> None:
    if session.get(Stage, stage_id) is None:
        raise NotFound("Stage not found.")
    repo.set_pin(session, actor.id, stage_id, is_pinned)
    session.commit()


def total_gp(*, session: Session, actor: User, sales_person_id: int) -> TotalGp:
    """GP and count of the ongoing leads the actor sees (of one sales person, or all with 0)."""
    total, count = repo.total_gp(session, scope=visible_sales_ids(session, actor),
                                 sales_person_id=sales_person_id or None, statuses=list(ONGOING))
    return TotalGp(total_gross_profit=total, total_leads=count)


def filter_options(*, session: Session, actor: User) -> FilterOptions:
    return FilterOptions(
        stages=[stage_out(s) for s in stage_rules.board_stages(session)],  # closed leads: the CLOSED status
        statuses=[Option(value="ONGOING", label="On Going")]
        + [Option(value=k, label=v) for k, v in STATUS_LABELS.items()],
        sales_persons=[SalesOption(id=u.id, fullname=u.fullname)
                       for u in leads_repo.active_sales(session, visible_sales_ids(session, actor))],
    )
