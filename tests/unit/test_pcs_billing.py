"""Cost sheet arithmetic and every validation message, without a database (api/pcs/billing.py)."""

from datetime import date
from decimal import Decimal as D

import pytest

from api.pcs import billing as b
from api.pcs.billing import BillingRow, ItemRow


def rows(amounts: list[str], start: date = date(2026, 1, 15), status: str | None = "NOT_YET") -> list[BillingRow]:
    return [BillingRow(f"billing {i + 1}", D(a), status, b.add_months(start, i)) for i, a in enumerate(amounts)]


def item(type_: str = "REVENUE", price: str = "1000000", quantity: str = "2", term: str = "3",
         amounts: list[str] | None = None, description: str | None = "Managed firewall",
         coa: str = "Service Revenue") -> ItemRow:
    selling = D(price) * D(quantity)
    billings = rows(amounts if amounts is not None else [str(selling)] * int(D(term)))
    return ItemRow(type=type_, coa_name=coa, description=description, quantity=D(quantity), term_of_payment=D(term),
                   selling_price=D(price), billings=billings)


PREFIX = "Service Revenue - Managed firewall: "


class TestItemTotals:
    def test_total_selling_price_is_price_times_quantity(self) -> None:
        assert b.total_selling_price(D("1500000.50"), 3) == D("4500001.50")

    def test_grand_total_is_total_selling_price_times_term(self) -> None:
        assert b.grand_total(D("2000000"), 12) == D("24000000")

    def test_item_totals_of_an_item(self) -> None:
        assert b.item_totals(item()) == (D("2000000"), D("6000000"))

    def test_invalid_numbers_count_as_zero(self) -> None:
        broken = item()
        broken.quantity = D("1.5")
        assert b.item_totals(broken) == (D(0), D(0))


class TestDates:
    def test_month_end_is_clamped_in_a_common_year(self) -> None:
        assert b.add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)

    def test_month_end_is_clamped_in_a_leap_year(self) -> None:
        assert b.add_months(date(2028, 1, 31), 1) == date(2028, 2, 29)

    def test_across_the_year_end(self) -> None:
        assert b.add_months(date(2026, 11, 30), 3) == date(2027, 2, 28)
        assert b.add_months(date(2026, 12, 15), 1) == date(2027, 1, 15)

    def test_generate_makes_one_row_per_term_a_month_apart(self) -> None:
        generated = b.generate_billing(D("2000000"), 3, date(2026, 1, 31))
        assert [r.description for r in generated] == ["billing 1", "billing 2", "billing 3"]
        assert [r.schedule for r in generated] == [date(2026, 1, 31), date(2026, 2, 28), date(2026, 3, 31)]
        assert {r.amount for r in generated} == {D("2000000")}
        assert {r.payment_status for r in generated} == {"NOT_YET"}

    def test_generate_with_one_term(self) -> None:
        assert len(b.generate_billing(D(5), 1, date(2026, 5, 1))) == 1

    def test_redating_moves_the_following_rows_keeping_the_day(self) -> None:
        before = [date(2026, 1, 10), date(2026, 2, 10), date(2026, 3, 10), date(2026, 4, 10)]
        after = b.redate_following(before, 1, date(2026, 1, 31))
        assert after == [date(2026, 1, 10), date(2026, 1, 31), date(2026, 2, 28), date(2026, 3, 31)]

    def test_redating_the_first_row(self) -> None:
        after = b.redate_following([None, None], 0, date(2028, 1, 31))
        assert after == [date(2028, 1, 31), date(2028, 2, 29)]


class TestRowLimit:
    def test_a_row_below_the_term_may_be_added(self) -> None:
        assert b.row_limit_refusal(2, 3) is None

    def test_no_row_beyond_the_term(self) -> None:
        assert b.row_limit_refusal(3, 3) == "Total billing schedule count cannot be more than Term of Payment: 3"


class TestBillingCheck:
    def test_matched(self) -> None:
        assert b.billing_check(item()) == (True, "Billing schedule matched!")

    def test_short(self) -> None:
        ok, text = b.billing_check(item(amounts=["2000000", "2000000", "1000000"]))
        assert not ok
        assert text == "Total billing schedule amount is short by 1.000.000 (5.000.000 / 6.000.000)"

    def test_exceeds_with_decimals(self) -> None:
        ok, text = b.billing_check(item(amounts=["2000000", "2000000", "2000000.5"]))
        assert not ok
        assert text == "Total billing schedule amount is exceeds by 0,5 (6.000.000,5 / 6.000.000)"

    def test_id_id_format(self) -> None:
        assert b.format_idr(D("1234567.25")) == "1.234.567,25"
        assert b.format_idr(D("-1000")) == "-1.000"
        assert b.format_idr(D(0)) == "0"


class TestItemMessages:
    def test_a_valid_item_has_none(self) -> None:
        assert b.validate_item(item()) == []

    def test_count_must_match_the_term(self) -> None:
        errors = b.validate_item(item(amounts=["3000000", "3000000"]))
        assert errors == [PREFIX + "Billing Schedule count must match the value of Term of Payment"]

    def test_more_rows_than_the_term(self) -> None:
        errors = b.validate_item(item(amounts=["1500000"] * 4))
        assert errors == [PREFIX + "Total billing schedule count cannot be more than Term of Payment: 3"]

    def test_amount_short(self) -> None:
        errors = b.validate_item(item(amounts=["2000000", "2000000", "1000000"]))
        assert errors == [PREFIX + "Total billing schedule amount is short by 1.000.000 (5.000.000 / 6.000.000)"]

    def test_amount_exceeds(self) -> None:
        errors = b.validate_item(item(amounts=["2000000", "2000000", "3000000"]))
        assert errors == [PREFIX + "Total billing schedule amount is exceeds by 1.000.000 (7.000.000 / 6.000.000)"]

    def test_description_required_and_the_prefix_without_it(self) -> None:
        assert b.validate_item(item(description="  ")) == ["Service Revenue: Description is required"]

    @pytest.mark.parametrize("quantity", ["0", "-1", "1.5"])
    def test_quantity_is_a_whole_number_of_at_least_one(self, quantity: str) -> None:
        broken = item()
        broken.quantity = D(quantity)
        assert PREFIX + "Quantity must be a whole number of at least 1" in b.validate_item(broken)

    def test_quantity_missing(self) -> None:
        broken = item()
        broken.quantity = None
        assert b.validate_item(broken) == [PREFIX + "Quantity must be a whole number of at least 1"]

    @pytest.mark.parametrize("term", ["0", "2.5"])
    def test_term_is_a_whole_number_of_at_least_one(self, term: str) -> None:
        broken = item()
        broken.term_of_payment = D(term)
        assert b.validate_item(broken) == [PREFIX + "Term of Payment must be a whole number of at least 1"]

    def test_term_limit(self) -> None:
        assert PREFIX + "Term of Payment cannot be more than 120" in b.validate_item(item(term="121",
                                                                                          amounts=[]))

    def test_amount_at_least_one(self) -> None:
        errors = b.validate_item(item(price="1", quantity="1", term="2", amounts=["0", "2"]))
        assert errors == [PREFIX + "Billing amount must be at least 1"]

    def test_negative_unit_price(self) -> None:
        errors = b.validate_item(item(price="-5", amounts=["1", "1", "1"]))
        assert errors == [PREFIX + "Unit price must be a number of at least 0"]

    def test_at_most_two_decimals(self) -> None:
        errors = b.validate_item(item(price="1.005", quantity="1", term="1", amounts=["1.005"]))
        assert errors == [PREFIX + "Amounts can have at most 2 decimals"]

    def test_too_large(self) -> None:
        errors = b.validate_item(item(price="999999999999999", quantity="2", term="1", amounts=["5"]))
        assert errors == [PREFIX + "Amounts cannot be more than 9.999.999.999.999,99"]

    def test_money_has_at_most_13_integer_digits(self) -> None:
        """Spec 1 §5 and §9: the money mask takes 13 integer digits; a 14th is refused, not stored."""
        at_most = item(price="9999999999999.99", quantity="1", term="1", amounts=["9999999999999.99"])
        assert b.validate_item(at_most) == []
        for digits14 in (item(price="10000000000000", quantity="1", term="1", amounts=["5"]),
                         item(price="5", quantity="1", term="1", amounts=["10000000000000"])):
            assert PREFIX + "Amounts cannot be more than 9.999.999.999.999,99" in b.validate_item(digits14)

    def test_totals_stay_inside_their_column(self) -> None:
        """13-digit prices times quantity and term add up past the Numeric(17, 2) column: refused by name."""
        errors = b.validate_item(item(price="9999999999999", quantity="1000", term="1", amounts=["5"]))
        assert errors == [PREFIX + "Totals cannot be more than 999.999.999.999.999,99"]

    def test_payment_status_from_the_set(self) -> None:
        broken = item()
        broken.billings[0] = BillingRow("billing 1", D("2000000"), "PAID", date(2026, 1, 1))
        assert b.validate_item(broken) == [
            PREFIX + "Payment status must be one of NOT_YET, BILLING_REQUEST, SUDAH_TAGIH, SUDAH_PAYMENT"]

    @pytest.mark.parametrize("status", b.PAYMENT_STATUSES)
    def test_every_payment_status_is_accepted(self, status: str) -> None:
        good = item()
        good.billings = rows(["2000000"] * 3, status=status)
        assert b.validate_item(good) == []

    def test_payment_status_missing(self) -> None:
        broken = item()
        broken.billings = rows(["2000000"] * 3, status=None)
        assert b.validate_item(broken) == [
            PREFIX + "Payment status must be one of NOT_YET, BILLING_REQUEST, SUDAH_TAGIH, SUDAH_PAYMENT"]

    def test_billing_description_and_date_required(self) -> None:
        broken = item()
        broken.billings[1] = BillingRow(" ", D("2000000"), "NOT_YET", None)
        assert b.validate_item(broken) == [PREFIX + "Billing description is required",
                                           PREFIX + "Billing date is required"]

    def test_item_type(self) -> None:
        assert b.validate_item(item(type_="OTHER")) == [PREFIX + "Item type must be REVENUE or COST"]


class TestSheetMessages:
    def test_remark_required(self) -> None:
        assert b.validate_sheet(remark=" ", items=[item()], submit=False) == ["Remark is required"]

    def test_a_draft_may_have_no_profit(self) -> None:
        assert b.validate_sheet(remark="First draft", items=[item(type_="COST")], submit=False) == []

    def test_submit_needs_a_gross_profit_above_zero(self) -> None:
        errors = b.validate_sheet(remark="Go", items=[item(), item(type_="COST")], submit=True)
        assert errors == ["Total Gross Profit cannot be zero or less."]

    def test_submit_of_an_empty_sheet(self) -> None:
        assert b.validate_sheet(remark="Go", items=[], submit=True) == ["Total Gross Profit cannot be zero or less."]

    def test_submit_with_profit(self) -> None:
        assert b.validate_sheet(remark="Go", items=[item(), item(type_="COST", price="400000")], submit=True) == []

    def test_every_failing_message_at_once(self) -> None:
        errors = b.validate_sheet(remark="", items=[item(amounts=["1"])], submit=True)
        assert errors == ["Remark is required",
                          PREFIX + "Billing Schedule count must match the value of Term of Payment",
                          PREFIX + "Total billing schedule amount is short by 5.999.999 (1 / 6.000.000)"]


class TestSheetTotals:
    def test_revenue_cost_profit_margin_and_commission(self) -> None:
        totals = b.sheet_totals([item(), item(type_="COST", price="400000")])
        assert totals.total_revenue == D("6000000") and totals.total_cost == D("2400000")
        assert totals.gross_profit == D("3600000")
        assert totals.gross_profit_margin == D("60.00")
        assert totals.commission_allocation == D("216000")
        assert totals.gp_after_commission == D("3384000")
        assert totals.gp_margin_after_commission == D("56.40")

    def test_margin_is_zero_without_revenue(self) -> None:
        totals = b.sheet_totals([item(type_="COST")])
        assert totals.gross_profit == D("-6000000")
        assert totals.gross_profit_margin == D(0) and totals.gp_margin_after_commission == D(0)
        assert totals.commission_allocation == D(0)

    def test_commission_rounds_half_up_to_whole_rupiah(self) -> None:
        # 6% of 25 = 1.5 -> 2; 6% of 24 = 1.44 -> 1
        assert b.sheet_totals([item(price="25", quantity="1", term="1")]).commission_allocation == D(2)
        assert b.sheet_totals([item(price="24", quantity="1", term="1")]).commission_allocation == D(1)

    def test_commission_percent_is_a_parameter(self) -> None:
        assert b.sheet_totals([item()], D(10)).commission_allocation == D("600000")

    def test_margin_rounding(self) -> None:
        assert b.margin(D(1), D(3)) == D("33.33")
        assert b.margin(D(2), D(3)) == D("66.67")


class TestMonthlySummary:
    def test_months_totals_and_items(self) -> None:
        revenue = item(price="1000", quantity="1", term="2")  # Jan 15, Feb 15
        revenue.item_id = 7
        cost = item(type_="COST", price="300", quantity="1", term="1")
        cost.billings = [BillingRow("billing 1", D(300), "NOT_YET", date(2026, 4, 1))]
        summary = b.monthly_summary([revenue, cost])
        assert summary.months == ["2026-01", "2026-02", "2026-03", "2026-04"]
        assert [m.total_amount for m in summary.revenue_totals] == [D(1000), D(1000), D(0), D(0)]
        assert [m.total_amount for m in summary.cost_totals] == [D(0), D(0), D(0), D(300)]
        assert [m.total_amount for m in summary.gp_totals] == [D(1000), D(1000), D(0), D(-300)]
        assert [m.total_amount for m in summary.gp_margin_totals] == [D(100), D(100), D(0), D(0)]
        assert summary.items[0].item_id == 7
        assert [t.total_amount for t in summary.items[0].totals] == [D(1000), D(1000), D(0), D(0)]
        assert [t.date for t in summary.items[1].totals] == summary.months
        assert b.total_gross_profit(summary) == D(1700)

    def test_two_rows_in_one_month_add_up(self) -> None:
        revenue = item(price="10", quantity="1", term="2")
        revenue.billings = [BillingRow("a", D(10), "NOT_YET", date(2026, 3, 1)),
                            BillingRow("b", D(10), "NOT_YET", date(2026, 3, 31))]
        summary = b.monthly_summary([revenue])
        assert summary.months == ["2026-03"] and summary.revenue_totals[0].total_amount == D(20)

    def test_no_billing_no_months(self) -> None:
        summary = b.monthly_summary([])
        assert summary.months == [] and summary.gp_totals == [] and summary.items == []
