"""Cost sheet arithmetic and validation, free of I/O (spec 3 §4 billing, §5 PCS, §9).

Money is Decimal throughout; the service turns what the client sent into these rows, and the same
functions produce every total the server stores and every message it answers.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from api.core.inputs import MONEY_LIMIT, MONEY_MAX_TEXT

PAYMENT_STATUSES = ("NOT_YET", "BILLING_REQUEST", "SUDAH_TAGIH", "SUDAH_PAYMENT")
ITEM_TYPES = ("REVENUE", "COST")
COMMISSION_PERCENT = Decimal(6)

# Limits that keep every figure inside its column (Numeric(17, 2)) and a sheet a size a person can read.
MAX_TERM = 120
MAX_QUANTITY = 1_000_000
MAX_ITEMS = 300
MAX_AMOUNT = Decimal(MONEY_LIMIT) - Decimal("0.01")  # what a person types: 13 integer digits, 2 decimals (spec 1 §5)
MAX_TOTAL = Decimal("999999999999999.99")  # what the sheet adds up to: the Numeric(17, 2) column
MAX_DESCRIPTION = 1000
MAX_BILLING_DESCRIPTION = 200
MAX_REMARK = 2000
# Billing dates a plan can have: the monthly summary and every re-dating stay far from date's year 9999.
FIRST_SCHEDULE = date(2000, 1, 1)
LAST_SCHEDULE = date(2100, 12, 31)

MATCHED = "Billing schedule matched!"
REMARK_REQUIRED = "Remark is required"
COUNT_MISMATCH = "Billing Schedule count must match the value of Term of Payment"
GP_NOT_POSITIVE = "Total Gross Profit cannot be zero or less."
DESCRIPTION_REQUIRED = "Description is required"
QUANTITY_RULE = "Quantity must be a whole number of at least 1"
TERM_RULE = "Term of Payment must be a whole number of at least 1"
PRICE_RULE = "Unit price must be a number of at least 0"
AMOUNT_RULE = "Billing amount must be at least 1"
BILLING_DESCRIPTION_REQUIRED = "Billing description is required"
SCHEDULE_REQUIRED = "Billing date is required"
SCHEDULE_RANGE = "Billing date must be between 1-Jan-2000 and 31-Dec-2100"
PAYMENT_STATUS_RULE = f"Payment status must be one of {', '.join(PAYMENT_STATUSES)}"
NOT_BILLED = "NOT_YET"
# a cost sheet's billing is not billed yet: its payment status moves on Monthly Billing (one step at a time, recorded)
# once the sheet is approved, and an approved sheet cannot be changed here
PAYMENT_STATUS_LATER = ("A billing of a cost sheet starts as NOT_YET: its payment status is moved on Monthly Billing "
                        "once the cost sheet is approved.")
TYPE_RULE = "Item type must be REVENUE or COST"
DECIMALS_RULE = "Amounts can have at most 2 decimals"
TOO_LARGE = f"Amounts cannot be more than {MONEY_MAX_TEXT}"
TOTAL_TOO_LARGE = f"Totals cannot be more than {MAX_TOTAL:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
REMARK_TOO_LONG = f"Remark cannot be longer than {MAX_REMARK} characters"
DESCRIPTION_TOO_LONG = f"Description cannot be longer than {MAX_DESCRIPTION} characters"
BILLING_DESCRIPTION_TOO_LONG = f"Billing description cannot be longer than {MAX_BILLING_DESCRIPTION} characters"
TOO_MANY_ITEMS = f"A project cost sheet can have at most {MAX_ITEMS} items"
TERM_TOO_LONG = f"Term of Payment cannot be more than {MAX_TERM}"
QUANTITY_TOO_LARGE = f"Quantity cannot be more than {MAX_QUANTITY:,}".replace(",", ".")

CENT = Decimal("0.01")
ZERO = Decimal(0)


def row_limit_message(term: int) -> str:
    return f"Total billing schedule count cannot be more than Term of Payment: {term}"


@dataclass(frozen=True)
class BillingRow:
    description: str | None
    amount: Decimal | None
    payment_status: str | None
    schedule: date | None


@dataclass
class ItemRow:
    type: str
    coa_name: str
    description: str | None
    quantity: Decimal | None
    term_of_payment: Decimal | None
    selling_price: Decimal | None
    billings: list[BillingRow] = field(default_factory=list)
    item_id: int | None = None


@dataclass(frozen=True)
class Totals:
    total_revenue: Decimal
    total_cost: Decimal
    gross_profit: Decimal
    gross_profit_margin: Decimal
    commission_allocation: Decimal
    gp_after_commission: Decimal
    gp_margin_after_commission: Decimal


@dataclass(frozen=True)
class MonthAmount:
    date: str  # YYYY-MM
    total_amount: Decimal


@dataclass(frozen=True)
class ItemMonths:
    item_id: int | None
    type: str
    coa_name: str
    description: str | None
    totals: list[MonthAmount]


@dataclass(frozen=True)
class Summary:
    months: list[str]
    revenue_totals: list[MonthAmount]
    cost_totals: list[MonthAmount]
    gp_totals: list[MonthAmount]
    gp_margin_totals: list[MonthAmount]
    items: list[ItemMonths]


# -- numbers ---------------------------------------------------------------------------------------------------

def format_idr(value: Decimal) -> str:
    """id-ID style: 1.234.567 or 1.234.567,5 (decimals only when there are any)."""
    value = Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)
    text = f"{abs(value):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    text = text.removesuffix(",00")
    if "," in text:
        text = text.rstrip("0")
    return f"-{text}" if value < 0 else text


def _whole(value: Decimal | None) -> int | None:
    """The value as a whole number of at least 1, or None."""
    if value is None or not value.is_finite() or value != value.to_integral_value() or value < 1:
        return None
    return int(value)


def _cents(value: Decimal) -> bool:
    return value == value.quantize(CENT)


def total_selling_price(selling_price: Decimal, quantity: Decimal | int) -> Decimal:
    """Unit price x quantity."""
    return (Decimal(selling_price) * Decimal(quantity)).quantize(CENT, rounding=ROUND_HALF_UP)


def grand_total(total_selling: Decimal, term_of_payment: Decimal | int) -> Decimal:
    """Total selling price x term of payment."""
    return (Decimal(total_selling) * Decimal(term_of_payment)).quantize(CENT, rounding=ROUND_HALF_UP)


def item_totals(item: ItemRow) -> tuple[Decimal, Decimal]:
    """(totalSellingPrice, grandTotal) of an item; zero for what is missing or invalid."""
    price = item.selling_price if item.selling_price is not None and item.selling_price.is_finite() else ZERO
    quantity = _whole(item.quantity) or 0
    term = _whole(item.term_of_payment) or 0
    selling = total_selling_price(price, quantity)
    return selling, grand_total(selling, term)


def margin(part: Decimal, whole: Decimal) -> Decimal:
    """part / whole x 100 to two decimals; 0 when whole is 0."""
    if not whole:
        return ZERO.quantize(CENT)
    return (part / whole * 100).quantize(CENT, rounding=ROUND_HALF_UP)


# -- dates -----------------------------------------------------------------------------------------------------

def add_months(start: date, months: int) -> date:
    """The same day of month `months` later, clamped to the month's end (Jan 31 + 1 = Feb 28/29)."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def _within_range(start: date, months: int) -> None:
    """Refuse a re-dating whose rows would leave the billing date range (or date's own, at year 9999)."""
    last = start.year * 12 + start.month - 1 + max(months, 0)
    if not start >= FIRST_SCHEDULE or last > LAST_SCHEDULE.year * 12 + LAST_SCHEDULE.month - 1:
        raise ValueError(SCHEDULE_RANGE)


def generate_billing(total_selling: Decimal, term_of_payment: int, start: date) -> list[BillingRow]:
    """One row per term, one month apart from `start`, each of the total selling price: 'billing 1'..'billing n'."""
    _within_range(start, term_of_payment - 1)
    return [BillingRow(description=f"billing {i + 1}", amount=Decimal(total_selling), payment_status="NOT_YET",
                       schedule=add_months(start, i)) for i in range(term_of_payment)]


def redate_following(schedules: Sequence[date | None], index: int, new_date: date) -> list[date | None]:
    """Row `index` gets `new_date` and every following row one month after the previous, all keeping the
    day of month of `new_date` (clamped to each month's end); earlier rows are untouched."""
    result = list(schedules)
    _within_range(new_date, len(result) - index - 1)
    for offset, position in enumerate(range(index, len(result))):
        result[position] = add_months(new_date, offset)
    return result


def row_limit_refusal(count: int, term_of_payment: int) -> str | None:
    """Why one more billing row (added or duplicated) may not be added, or None."""
    return row_limit_message(term_of_payment) if count >= term_of_payment else None


# -- validation ------------------------------------------------------------------------------------------------

def item_label(item: ItemRow) -> str:
    """The per-item prefix of a message: '{coaName} - {description}: '."""
    description = (item.description or "").strip()
    return f"{item.coa_name} - {description}: " if description else f"{item.coa_name}: "


def billing_check(item: ItemRow) -> tuple[bool, str]:
    """Does the sum of the billing amounts equal totalSellingPrice x term? The 'matched' text or what differs."""
    _, expected = item_totals(item)
    total = sum((b.amount for b in item.billings if b.amount is not None and b.amount.is_finite()), ZERO)
    difference = total - expected
    if difference == 0:
        return True, MATCHED
    word = "short" if difference < 0 else "exceeds"
    return False, (f"Total billing schedule amount is {word} by {format_idr(abs(difference))} "
                   f"({format_idr(total)} / {format_idr(expected)})")


def validate_item(item: ItemRow) -> list[str]:
    """Every rule an item and its billing rows break, prefixed with the item's label."""
    errors: list[str] = []
    description = (item.description or "").strip()
    if not description:
        errors.append(DESCRIPTION_REQUIRED)
    elif len(description) > MAX_DESCRIPTION:
        errors.append(DESCRIPTION_TOO_LONG)
    if item.type not in ITEM_TYPES:
        errors.append(TYPE_RULE)
    quantity, term = _whole(item.quantity), _whole(item.term_of_payment)
    if quantity is None:
        errors.append(QUANTITY_RULE)
    elif quantity > MAX_QUANTITY:
        errors.append(QUANTITY_TOO_LARGE)
    if term is None:
        errors.append(TERM_RULE)
    elif term > MAX_TERM:
        errors.append(TERM_TOO_LONG)
    price = item.selling_price
    money_ok = True
    if price is None or not price.is_finite() or price < 0:
        errors.append(PRICE_RULE)
        money_ok = False
    amounts = [b.amount for b in item.billings]
    if any(a is None or not a.is_finite() or a < 1 for a in amounts):
        errors.append(AMOUNT_RULE)
        money_ok = False
    present = [v for v in [price, *amounts] if v is not None and v.is_finite()]
    if not all(_cents(v) for v in present):
        errors.append(DECIMALS_RULE)
        money_ok = False
    if any(abs(v) > MAX_AMOUNT for v in present):
        errors.append(TOO_LARGE)
        money_ok = False
    elif money_ok and item_totals(item)[1] > MAX_TOTAL:
        errors.append(TOTAL_TOO_LARGE)
        money_ok = False
    if any(not (b.description or "").strip() for b in item.billings):
        errors.append(BILLING_DESCRIPTION_REQUIRED)
    if any(len((b.description or "").strip()) > MAX_BILLING_DESCRIPTION for b in item.billings):
        errors.append(BILLING_DESCRIPTION_TOO_LONG)
    if any(b.schedule is None for b in item.billings):
        errors.append(SCHEDULE_REQUIRED)
    if any(b.schedule is not None and not FIRST_SCHEDULE <= b.schedule <= LAST_SCHEDULE for b in item.billings):
        errors.append(SCHEDULE_RANGE)
    if any(b.payment_status not in PAYMENT_STATUSES for b in item.billings):
        errors.append(PAYMENT_STATUS_RULE)
    if term is not None:
        if len(item.billings) > term:
            errors.append(row_limit_message(term))
        elif len(item.billings) < term:
            errors.append(COUNT_MISMATCH)
    if money_ok and quantity is not None and term is not None:
        matched, text = billing_check(item)
        if not matched:
            errors.append(text)
    label = item_label(item)
    return [label + e for e in errors]


def validate_sheet(*, remark: str | None, items: Sequence[ItemRow], submit: bool) -> list[str]:
    """Every rule the sheet breaks (§5); submitting also needs a gross profit above zero."""
    errors: list[str] = []
    remark = (remark or "").strip()
    if not remark:
        errors.append(REMARK_REQUIRED)
    elif len(remark) > MAX_REMARK:
        errors.append(REMARK_TOO_LONG)
    if len(items) > MAX_ITEMS:
        errors.append(TOO_MANY_ITEMS)
    item_errors = [e for item in items for e in validate_item(item)]
    errors += item_errors
    if not item_errors:
        totals = sheet_totals(items)
        if max(totals.total_revenue, totals.total_cost) > MAX_TOTAL:
            errors.append(TOTAL_TOO_LARGE)
        elif submit and total_gross_profit(monthly_summary(items)) <= 0:
            errors.append(GP_NOT_POSITIVE)
    return errors


# -- totals ----------------------------------------------------------------------------------------------------

def sheet_totals(items: Iterable[ItemRow], commission_percent: Decimal = COMMISSION_PERCENT) -> Totals:
    """Revenue and cost (sums of grand totals), gross profit and margin, and the commission rows.

    The commission is the percentage of gross profit rounded to whole rupiah; a sheet without profit
    allocates none."""
    revenue = cost = ZERO
    for item in items:
        _, total = item_totals(item)
        if item.type == "REVENUE":
            revenue += total
        elif item.type == "COST":
            cost += total
    gp = revenue - cost
    commission = max(ZERO, (gp * Decimal(commission_percent) / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    after = gp - commission
    return Totals(total_revenue=revenue, total_cost=cost, gross_profit=gp, gross_profit_margin=margin(gp, revenue),
                  commission_allocation=commission, gp_after_commission=after,
                  gp_margin_after_commission=margin(after, revenue))


def _month(d: date) -> str:
    return f"{d.year:04d}-{d.month:02d}"


def _month_range(first: date, last: date) -> list[str]:
    # counted in whole months, never as dates: a stored December 9999 has no month after it
    return [f"{index // 12:04d}-{index % 12 + 1:02d}"
            for index in range(first.year * 12 + first.month - 1, last.year * 12 + last.month)]


def monthly_summary(items: Sequence[ItemRow]) -> Summary:
    """Per month from the first to the last billing date: revenue, cost, gross profit and its margin, and
    each item's billed amount."""
    dated = [b.schedule for item in items for b in item.billings if b.schedule is not None]
    months = _month_range(min(dated), max(dated)) if dated else []
    revenue = dict.fromkeys(months, ZERO)
    cost = dict.fromkeys(months, ZERO)
    per_item = []
    for item in items:
        totals = dict.fromkeys(months, ZERO)
        for b in item.billings:
            if b.schedule is None or b.amount is None or not b.amount.is_finite():
                continue
            totals[_month(b.schedule)] += b.amount
        for m, amount in totals.items():
            if item.type == "REVENUE":
                revenue[m] += amount
            elif item.type == "COST":
                cost[m] += amount
        per_item.append(ItemMonths(item_id=item.item_id, type=item.type, coa_name=item.coa_name,
                                   description=item.description,
                                   totals=[MonthAmount(m, a) for m, a in totals.items()]))
    return Summary(
        months=months,
        revenue_totals=[MonthAmount(m, revenue[m]) for m in months],
        cost_totals=[MonthAmount(m, cost[m]) for m in months],
        gp_totals=[MonthAmount(m, revenue[m] - cost[m]) for m in months],
        gp_margin_totals=[MonthAmount(m, margin(revenue[m] - cost[m], revenue[m])) for m in months],
        items=per_item,
    )


def total_gross_profit(summary: Summary) -> Decimal:
    """The sum of the monthly gross profit (what the submit rule checks)."""
    return sum((g.total_amount for g in summary.gp_totals), ZERO)
