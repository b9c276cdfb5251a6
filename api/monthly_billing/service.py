"""Monthly billing (system/monthly-billing): the billing rows of the approved cost sheets the caller sees, month by
month with month and client totals, and each row's payment status moved one step at a time with a record of who,
when and why.

Rules:
- Rows: the revenue items' billing of each lead's current cost sheet when it is approved. Earlier revisions live only
  as frozen snapshots (never rows), and a draft, waiting or rejected sheet is not billed yet. Visibility is the lead
  board's: own leads, the team's down the hierarchy, or all for whitelisted roles.
- A row's month is its schedule date's month: a date has no time of day, so no time zone moves it.
- Forward moves go one step: NOT_YET -> BILLING_REQUEST -> SUDAH_TAGIH -> SUDAH_PAYMENT (the page's edit right).
- One step back undoes a mistake: it needs the page's delete right (administrators) and a note saying why.
- The caller names the status it saw (expectedStatus); the row is locked while it moves, so of two people moving it
  at once the second gets a 409 naming its status now, and no step is skipped or done twice.
"""

from __future__ import annotations

import calendar
import re
from datetime import date
from typing import Any

from sqlalchemy.orm import Session

from api.core.errors import Conflict, Forbidden, InvalidTransition, NotFound, ValidationFailed
from api.core.listing import check_sort
from api.leads import visibility as lead_visibility
from api.monthly_billing import repository as repo
from api.monthly_billing.models import BillingStatusChange
from api.monthly_billing.schemas import (
    BillingHistory,
    BillingPage,
    BillingRowOut,
    BillingStatusMove,
    ClientTotal,
    MonthTotal,
    StatusOption,
)
from api.pcs.billing import PAYMENT_STATUSES
from api.users.models import User

STATUSES: dict[str, tuple[str, str]] = {  # value: (label, tag colour)
    "NOT_YET": ("Not yet billed", "default"),
    "BILLING_REQUEST": ("Billing requested", "gold"),
    "SUDAH_TAGIH": ("Billed (Sudah Tagih)", "blue"),
    "SUDAH_PAYMENT": ("Paid (Sudah Payment)", "green"),
}
ROW_NOT_FOUND = "Billing schedule not found."
STATUS_RULE = f"Payment status must be one of {', '.join(PAYMENT_STATUSES)}"
MONTH_RULE = "Months are written YYYY-MM (from 2000-01 to 2100-12)."
PERIOD_RULE = "The period's first month cannot be after its last."
NOTE_REQUIRED = "Please give a reason for moving the billing back."
BACK_FORBIDDEN = "Only an administrator can move a billing back a step."
MONTH = re.compile(r"^(\d{4})-(\d{2})$")


def label(status: str) -> str:
    return STATUSES.get(status, (status, ""))[0]


def _step(status: str, by: int) -> str | None:
    index = PAYMENT_STATUSES.index(status) + by if status in PAYMENT_STATUSES else -1
    return PAYMENT_STATUSES[index] if 0 <= index < len(PAYMENT_STATUSES) else None


def moved_meanwhile(now: str) -> str:
    return f"Someone else has just moved this billing: it is now {label(now)}. Reload to see it and try again."


def skip_refused(current: str, wanted: str) -> str:
    step = _step(current, 1)
    if step is None:
        return f"This billing is {label(current)}: it has no further step."
    return (f"A billing moves one step at a time: from {label(current)} the next step is {label(step)}, "
            f"not {label(wanted)}.")


def already(status: str) -> str:
    return f"This billing is already {label(status)}."


def parse_month(value: str | None, *, last: bool) -> date | None:
    """The first (or last) day of a YYYY-MM month; 422 for anything else."""
    if not value:
        return None
    found = MONTH.match(value.strip())
    year, month = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (2000 <= year <= 2100 and 1 <= month <= 12):
        raise ValidationFailed(MONTH_RULE)
    return date(year, month, calendar.monthrange(year, month)[1] if last else 1)


def filters(*, statuses: list[str] | None, month_from: str | None, month_to: str | None, client_id: int | None,
            sales_person_id: int | None, search: str | None) -> repo.Filters:
    """The list's and the export's filters, every fault at once (422)."""
    errors: list[str] = []
    wanted = [s for s in statuses or [] if s]
    if any(s not in PAYMENT_STATUSES for s in wanted):
        errors.append(STATUS_RULE)
    first = last = None
    try:
        first = parse_month(month_from, last=False)
        last = parse_month(month_to, last=True)
    except ValidationFailed as exc:
        errors += exc.messages
    if first is not None and last is not None and first > last:
        errors.append(PERIOD_RULE)
    if errors:
        raise ValidationFailed(errors)
    return repo.Filters(statuses=wanted, first_day=first, last_day=last, client_id=client_id,
                        sales_person_id=sales_person_id, search=(search or "").strip() or None)


def to_row(r: Any) -> BillingRowOut:
    status = str(r.payment_status)
    forward, back = _step(status, 1), _step(status, -1)
    return BillingRowOut(
        id=r.id, lead_id=r.lead_id, project_name=r.project_name, pid_number=r.pid_number, client_id=r.client_id,
        client_name=r.client_name, sales_person_id=r.sales_person_id, sales_person_name=r.sales_person_name,
        item_name=r.item_name, item_description=r.item_description, description=r.description,
        amount=float(r.amount), schedule=r.schedule, month=f"{r.schedule:%Y-%m}", payment_status=status,
        status_label=label(status), next_status=forward, next_status_label=label(forward) if forward else None,
        previous_status=back, previous_status_label=label(back) if back else None)


def status_options() -> list[StatusOption]:
    return [StatusOption(value=v, label=lbl, color=colour) for v, (lbl, colour) in STATUSES.items()]


def list_billing(*, session: Session, actor: User, f: repo.Filters, offset: int, limit: int, sort: str | None,
                 desc: bool) -> BillingPage:
    """A page of rows with the month and client totals of every row the filters keep (not only the page's)."""
    check_sort(sort, repo.SORTS)
    scope = lead_visibility.visible_sales_ids(session, actor)
    rows, total = repo.page(session, scope, f, offset=offset, limit=limit, sort=sort, desc=desc)
    months = [MonthTotal(month=m.month, rows=m.rows, total=float(m.total), paid=float(m.paid))
              for m in repo.month_totals(session, scope, f)]
    clients = [ClientTotal(client_id=c.client_id, client_name=c.client_name, rows=c.rows, total=float(c.total),
                           paid=float(c.paid)) for c in repo.client_totals(session, scope, f)]
    return BillingPage(data=[to_row(r) for r in rows], total_rows=total, month_totals=months, client_totals=clients,
                       grand_total=sum(m.total for m in months), statuses=status_options())


def every_row(*, session: Session, actor: User, f: repo.Filters) -> list[BillingRowOut]:
    """Every row the filters keep (the export's)."""
    scope = lead_visibility.visible_sales_ids(session, actor)
    rows, _ = repo.page(session, scope, f, offset=0, limit=None, sort=None, desc=False)
    return [to_row(r) for r in rows]


def _row_or_404(session: Session, actor: User, billing_id: int) -> BillingRowOut:
    found = repo.row(session, lead_visibility.visible_sales_ids(session, actor), billing_id)
    if found is None:
        raise NotFound(ROW_NOT_FOUND)
    return to_row(found)


def move(*, session: Session, actor: User, billing_id: int, status: str, expected_status: str, note: str | None,
         may_step_back: bool) -> BillingStatusChange:
    """Move the row one step forward (or, for an administrator with a reason, one back) from the status the caller
    saw; the row is locked meanwhile. Flushes the record; the caller commits."""
    if status not in PAYMENT_STATUSES or expected_status not in PAYMENT_STATUSES:
        raise ValidationFailed(STATUS_RULE)
    text = (note or "").strip() or None
    row = repo.lock(session, lead_visibility.visible_sales_ids(session, actor), billing_id)
    if row is None:
        raise NotFound(ROW_NOT_FOUND)
    current = row.payment_status
    if current != expected_status:
        raise Conflict(moved_meanwhile(current), extra={"currentStatus": current})
    if status == current:
        raise InvalidTransition(already(current))
    if status == _step(current, -1):
        if not may_step_back:
            raise Forbidden(BACK_FORBIDDEN)
        if text is None:
            raise ValidationFailed(NOTE_REQUIRED)
    elif status != _step(current, 1):
        raise InvalidTransition(skip_refused(current, status))
    row.payment_status = status
    change = BillingStatusChange(billing_id=row.id, from_status=current, to_status=status, note=text,
                                 actor_id=actor.id)
    session.add(change)
    session.flush()
    return change


def change_status(*, session: Session, actor: User, billing_id: int, status: str, expected_status: str,
                  note: str | None, may_step_back: bool) -> BillingRowOut:
    """A row's payment status moved one step (`move`) and committed; answers the row as it is now."""
    move(session=session, actor=actor, billing_id=billing_id, status=status, expected_status=expected_status,
         note=note, may_step_back=may_step_back)
    session.commit()
    return history(session=session, actor=actor, billing_id=billing_id).row


def history(*, session: Session, actor: User, billing_id: int) -> BillingHistory:
    """The row and its moves, newest first."""
    row = _row_or_404(session, actor, billing_id)
    entries = [BillingStatusMove(id=c.id, at=c.at, from_status=c.from_status, from_label=label(c.from_status),
                            to_status=c.to_status, to_label=label(c.to_status), note=c.note, actor_id=c.actor_id,
                            actor_name=name, step_back=c.to_status == _step(c.from_status, -1))
               for c, name in repo.history(session, billing_id)]
    return BillingHistory(row=row, entries=entries)
