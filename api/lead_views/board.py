"""The board and the lead lists: columns E1-E6 with their first cards, pins, totals and filter options."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from api.core.errors import NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.core.schemas import wire_names
from api.lead_views import board_query
from api.lead_views import cards as repo
from api.lead_views.schemas import BoardColumn, FilterOptions, LeadCard, TotalGp
from api.leads import repository as leads_repo
from api.leads import stage_rules
from api.leads.models import ONGOING, STATUS_LABELS, Stage
from api.leads.schemas import Option, SalesOption
from api.leads.stage_admin import stage_out
from api.leads.statuses import parse_statuses
from api.leads.visibility import sees_every_lead, visible_sales_ids
from api.users.models import User

PER_COLUMN = 50
COLUMN, CARD = wire_names(BoardColumn), wire_names(LeadCard)  # the answer's names, in order


def _card(row: Any, stage_name: str) -> LeadCard:
    return LeadCard(id=row.id, client_name=row.client_name, project_name=row.project_name,
                    last_contacted=leads_repo.days_since(row.last_contacted_at), nickname=row.nickname,
                    sales_fullname=row.sales_fullname, sales_person_id=row.sales_person_id, status=row.status,
                    project_type=row.project_type_name, total_gross_profit=float(row.total_gross_profit),
                    pcs_status=row.pcs_status, stage_id=row.stage_id, stage_name=stage_name)


def parse_sort(raw: str | None) -> dict[str, tuple[str, bool]]:
    """Per-column order by last contact, e.g. 'E1:asc,E3:desc': stage name -> (the part as written, descending);
    columns not named: most recent first. The names are checked against the board's stages by `check_sort`."""
    result: dict[str, tuple[str, bool]] = {}
    for part in (raw or "").split(","):
        if not part.strip():
            continue
        name, _, direction = part.strip().partition(":")
        if direction.lower() not in ("asc", "desc"):
            raise _unknown_sort(part)
        result[name] = (part.strip(), direction.lower() == "desc")
    return result


def _unknown_sort(part: str) -> ValidationFailed:
    return ValidationFailed(f"Unknown board sort '{part.strip()}'. Use for example E1:asc,E2:desc.")


def check_sort(sort: dict[str, tuple[str, bool]], stage_names: set[str]) -> None:
    """Refuse a sort naming no board stage (a sort of a column the stage filter hides is kept, not refused)."""
    for name, (part, _) in sort.items():
        if name not in stage_names:
            raise _unknown_sort(part)


def board(*, session: Session, actor: User, search: str | None, selected_stage: int | None,
          sales_person_id: int | None, status: str | None, sort: str | None) -> list[dict[str, Any]]:
    """Columns E1-E6 with their first cards, totals and the user's pins, read in one statement: BoardColumn's and
    LeadCard's fields as plain data named as the answer names them (api.core.schemas.answered)."""
    order = parse_sort(sort)
    rows = board_query.board(session, reader=actor.id, everyone=sees_every_lead(actor), statuses=parse_statuses(status),
                             search=search, sales_person_id=sales_person_id, selected_stage=selected_stage,
                             ascending=sorted(name for name, (_, descending) in order.items() if not descending),
                             per_column=PER_COLUMN)
    stage_names: set[str] = set()
    columns: list[dict[str, Any]] = []
    cards: dict[int, list[dict[str, Any]]] = {}
    # unpacked, not read by name: a row's attributes cost more than the rest of the answer (300 cards)
    for (stage_id, stage_name, description, pinned, total, gp, lead_id, client, project, contacted, nickname,
         sales_fullname, sales_person_id, lead_status, project_type, lead_gp, pcs_status) in rows:
        stage_names.add(stage_name)
        if selected_stage and stage_id != selected_stage:
            continue
        column = cards.get(stage_id)
        if column is None:
            column = cards[stage_id] = []
            columns.append(dict(zip(COLUMN, (stage_id, stage_name, description, pinned, column, total, gp),
                                    strict=True)))
        if lead_id is not None:
            column.append(dict(zip(CARD, (lead_id, client, project, leads_repo.days_since(contacted), nickname,
                                          sales_fullname, sales_person_id, lead_status, project_type, lead_gp,
                                          pcs_status, stage_id, stage_name), strict=True)))
    check_sort(order, stage_names)
    return columns


def list_leads(*, session: Session, actor: User, status: str | None, params: ListParams, stage_id: int | None,
               sales_person_id: int | None) -> Page[LeadCard]:
    rows, total = repo.list_page(session, scope=visible_sales_ids(session, actor), statuses=parse_statuses(status),
                                 params=params, stage_id=stage_id, sales_person_id=sales_person_id)
    names = leads_repo.stage_names(session)
    return Page[LeadCard](data=[_card(r, names.get(r.stage_id, "")) for r in rows], total_rows=total)


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
