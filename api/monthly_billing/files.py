"""Monthly billing as an XLSX file, by the one writer (api/core/spreadsheets.py): the months' rows, a total row
under each month (a SUM of its amounts) and a grand total."""

from __future__ import annotations

from api.core import spreadsheets
from api.core.spreadsheets import XLSX_TYPE, Block, Cell, Column
from api.monthly_billing.schemas import BillingRowOut

__all__ = ["XLSX_TYPE", "xlsx"]
TITLE = "Monthly Billing"
COLUMNS = [Column("Month", "month", width=10), Column("Schedule", "date", width=13), Column("Client", width=28),
           Column("Project", width=32), Column("PID", width=18), Column("Sales Person", width=20),
           Column("Item", width=32), Column("Billing", width=14), Column("Status", width=22),
           Column("Amount (IDR)", "money", summed=True, width=20)]
BETWEEN = [None] * 7  # the text columns of a total row


def xlsx(rows: list[BillingRowOut], period: str) -> bytes:
    by_month: dict[str, list[BillingRowOut]] = {}
    for r in rows:
        by_month.setdefault(r.month, []).append(r)
    blocks = []
    for month_rows in by_month.values():
        first = month_rows[0].schedule.replace(day=1)
        lines: list[list[Cell]] = [
            [first, r.schedule, r.client_name, r.project_name, r.pid_number or "", r.sales_person_name,
             f"{r.item_name} - {r.item_description}", r.description, r.status_label, r.amount] for r in month_rows]
        blocks.append(Block(lines, [first, "Month total", *BETWEEN, sum(r.amount for r in month_rows)]))
    grand: list[Cell] = ["Total", None, *BETWEEN, sum(r.amount for r in rows)]
    return spreadsheets.xlsx(spreadsheets.Sheet(title=TITLE, columns=COLUMNS, blocks=blocks, subject=period,
                                                header_right=period, grand_total=grand))
