"""Two people move the same billing row at once from the same status they both saw: the row lock makes the second
wait for the first, then meet the status the first left (409), so a step is never doubled or skipped."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.core.errors import Conflict
from api.monthly_billing import service
from api.monthly_billing.models import BillingStatusChange
from api.pcs.models import ProjectCostSheetBilling
from api.users.models import User


@pytest.fixture
def billing_row(live: TestClient) -> Any:
    """A demo billing row at NOT_YET, put back as it was afterwards (these sessions commit)."""
    factory = live.app.state.session_factory  # type: ignore[attr-defined]
    with factory() as session:
        admin = session.scalars(select(User).where(User.username == "admin")).one()
        rows = service.every_row(session=session, actor=admin, f=service.filters(
            statuses=["NOT_YET"], month_from=None, month_to=None, client_id=None, sales_person_id=None, search=None))
        assert rows, "the demo has an approved cost sheet with billing not yet sent"
        row_id = rows[0].id
    yield factory, row_id
    with factory() as session:
        session.execute(delete(BillingStatusChange).where(BillingStatusChange.billing_id == row_id))
        session.get(ProjectCostSheetBilling, row_id).payment_status = "NOT_YET"  # type: ignore[union-attr]
        session.commit()


def test_the_second_of_two_simultaneous_moves_waits_and_is_refused(billing_row: Any) -> None:
    factory, row_id = billing_row
    first: Session = factory()
    second: Session = factory()
    admin = first.scalars(select(User).where(User.username == "admin")).one()
    also_admin = second.scalars(select(User).where(User.username == "admin")).one()
    outcome: dict[str, Any] = {}

    def move_too() -> None:
        try:
            service.move(session=second, actor=also_admin, billing_id=row_id, status="BILLING_REQUEST",
                         expected_status="NOT_YET", note=None, may_step_back=True)
            second.commit()
            outcome["second"] = "moved"
        except Conflict as refused:
            second.rollback()
            outcome["second"] = refused

    try:
        service.move(session=first, actor=admin, billing_id=row_id, status="BILLING_REQUEST",
                     expected_status="NOT_YET", note=None, may_step_back=True)  # holds the row's lock
        racer = threading.Thread(target=move_too)
        racer.start()
        racer.join(timeout=1.0)
        assert racer.is_alive(), "the second move waits for the first one's lock"
        first.commit()
        racer.join(timeout=10)
        assert not racer.is_alive()
        refused = outcome["second"]
        assert isinstance(refused, Conflict), refused
        assert refused.messages == [service.moved_meanwhile("BILLING_REQUEST")]
        with factory() as check:
            assert check.get(ProjectCostSheetBilling, row_id).payment_status == "BILLING_REQUEST"  # type: ignore
            moves = check.scalars(select(BillingStatusChange).where(BillingStatusChange.billing_id == row_id)).all()
            assert [(m.from_status, m.to_status) for m in moves] == [("NOT_YET", "BILLING_REQUEST")]
    finally:
        first.close()
        second.close()
