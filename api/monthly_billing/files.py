"""Monthly billing as an XLSX file, written as the reports write theirs: the header bold and frozen, money as numbers
formatted "Rp" #,##0, dates as Excel dates, text never a formula; a total row under each month and a grand total."""

from __future__ import annotations

import io
from datetime import date, datetime, time

from api.monthly_billing.schemas import BillingRowOut
from api.reports.files import DATE_FORMAT, MONEY_FORMAT, MONTH_FORMAT, XLSX_TYPE

__all__ = ["XLSX_TYPE", "xlsx"]
TITLE = "Monthly Billing"
HEADERS = [("Month", 10), ("Schedule", 13), ("Client", 28), ("Project", 32), ("PID", 18), ("Sales Person", 20),
           ("Item", 32), ("Billing", 14), ("Status", 22), ("Amount (IDR)", 20)]


def _day(value: date) -> datetime:
    return datetime.combine(value, time())


def xlsx(rows: list[BillingRowOut], period: str) -> bytes:
    import xlsxwriter  # cold start: XlsxWriter loads on the first download, not at every process start

    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"in_memory": True})
    book.set_properties({"title": TITLE, "subject": period})
    sheet = book.add_worksheet(TITLE)
    header = book.add_format({"bold": True, "bottom": 1, "bg_color": "#F0F0F0", "valign": "vcenter"})
    month_fmt = book.add_format({"num_format": MONTH_FORMAT, "align": "left"})
    day_fmt = book.add_format({"num_format": DATE_FORMAT, "align": "left"})
    money = book.add_format({"num_format": MONEY_FORMAT})
    total_text = book.add_format({"bold": True, "top": 1})
    total_month = book.add_format({"bold": True, "top": 1, "num_format": MONTH_FORMAT, "align": "left"})
    total_money = book.add_format({"bold": True, "top": 1, "num_format": MONEY_FORMAT})
    for col, (title, width) in enumerate(HEADERS):
        sheet.write_string(0, col, title, header)
        sheet.set_column(col, col, width)
    at = 1
    grand = 0.0
    by_month: dict[str, list[BillingRowOut]] = {}
    for r in rows:
        by_month.setdefault(r.month, []).append(r)
    for month_rows in by_month.values():
        first = month_rows[0].schedule.replace(day=1)
        for r in month_rows:
            sheet.write_datetime(at, 0, _day(first), month_fmt)
            sheet.write_datetime(at, 1, _day(r.schedule), day_fmt)
            for col, text in enumerate((r.client_name, r.project_name, r.pid_number or "", r.sales_person_name,
                                        f"{r.item_name} - {r.item_description}", r.description, r.status_label),
                                       start=2):
                sheet.write_string(at, col, text)  # never a formula, whatever the text
            sheet.write_number(at, 9, r.amount, money)
            at += 1
        subtotal = sum(r.amount for r in month_rows)
        grand += subtotal
        sheet.write_datetime(at, 0, _day(first), total_month)
        sheet.write_string(at, 1, "Month total", total_text)
        for col in range(2, 9):
            sheet.write_blank(at, col, None, total_text)
        sheet.write_formula(at, 9, f"=SUM(J{at - len(month_rows) + 1}:J{at})", total_money, subtotal)
        at += 1
    sheet.write_string(at, 0, "Total", total_text)
    for col in range(1, 9):
        sheet.write_blank(at, col, None, total_text)
    sheet.write_number(at, 9, grand, total_money)
    sheet.set_row(0, 20)
    sheet.freeze_panes(1, 0)
    sheet.set_landscape()
    sheet.fit_to_pages(1, 0)
    sheet.repeat_rows(0)
    sheet.set_header(f"&L{TITLE}&R{period}")
    book.close()
    return out.getvalue()
