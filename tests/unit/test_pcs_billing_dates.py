"""Billing dates stay in a range the monthly summary and every re-dating can count (issue 11: a billing date of
9999-12-15 was stored and then broke the cost sheet form for everyone)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from api.pcs import billing as b


def item(*schedules: date) -> b.ItemRow:
    return b.ItemRow(type="REVENUE", coa_name="Managed Service Fee", description="Managed firewall",
                     quantity=Decimal(1), term_of_payment=Decimal(len(schedules)), selling_price=Decimal(100),
                     billings=[b.BillingRow(f"billing {i + 1}", Decimal(100), "NOT_YET", s)
                               for i, s in enumerate(schedules)])


class TestRange:
    @pytest.mark.parametrize("schedule", [date(1, 1, 1), date(1999, 12, 31), date(2101, 1, 1), date(9999, 12, 15)])
    def test_outside_is_refused(self, schedule: date) -> None:
        assert b.validate_item(item(schedule)) == [f"Managed Service Fee - Managed firewall: {b.SCHEDULE_RANGE}"]

    def test_the_ends_are_kept(self) -> None:
        assert b.validate_item(item(date(2000, 1, 1), date(2100, 12, 31))) == []


class TestSummary:
    def test_months_are_counted_without_dates_past_them(self) -> None:
        # rows stored before the range was checked must not break the form
        summary = b.monthly_summary([item(date(9999, 11, 15), date(9999, 12, 15))])
        assert summary.months == ["9999-11", "9999-12"]
        assert [m.total_amount for m in summary.revenue_totals] == [100, 100]

    def test_across_a_year(self) -> None:
        assert b.monthly_summary([item(date(2026, 11, 30), date(2027, 2, 1))]).months == [
            "2026-11", "2026-12", "2027-01", "2027-02"]


class TestRedating:
    def test_generating_past_the_range_is_refused(self) -> None:
        assert len(b.generate_billing(Decimal(5), 2, date(2100, 11, 30))) == 2
        with pytest.raises(ValueError, match="Billing date must be between"):
            b.generate_billing(Decimal(5), 3, date(2100, 11, 30))
        with pytest.raises(ValueError, match="Billing date must be between"):
            b.generate_billing(Decimal(5), 2, date(9999, 12, 15))

    def test_redating_past_the_range_is_refused(self) -> None:
        assert b.redate_following([None, None, None], 1, date(2100, 11, 15))[2] == date(2100, 12, 15)
        with pytest.raises(ValueError, match="Billing date must be between"):
            b.redate_following([None, None, None], 0, date(2100, 11, 15))
        with pytest.raises(ValueError, match="Billing date must be between"):
            b.redate_following([None], 0, date(1999, 12, 31))
