"""What the approval workflow's database steps cost: the statements each step sends (issue 34). A step that starts
reading row by row again, or loading and flushing objects it could write in one statement, fails here."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from api.approvals import queue
from api.approvals.models import ApprovalDecision, ApprovalRequest, ApprovalTask
from api.approvals.schemas import RequestIn
from api.leads import requests as lead_requests
from api.leads.models import Lead
from api.notifications import dispatch
from api.notifications.models import Notification
from api.users.models import User
from tests.integration.leads.conftest import lead_refs, new_lead


def _counted(db: Session, step: Callable[[], Any]) -> int:
    """The statements `step` sends (each action's notification setting is read once per process: read already)."""
    for code in ("REQUEST_SUBMITTED", "REQUEST_DECIDED", "REQUEST_APPROVED"):
        dispatch.sends(db, code)
    engine = db.get_bind()
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    try:
        step()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    # the test's savepoints (each commit of a step releases one and opens the next) are not the step's
    return sum(not s.startswith(("SAVEPOINT", "RELEASE SAVEPOINT")) for s in statements)


def test_each_step_of_an_approval_sends_a_handful_of_statements(client: TestClient, db: Session) -> None:
    ids = dict(db.execute(select(User.username, User.id)).tuples().all())
    lead = db.get(Lead, new_lead(client, lead_refs(client), projectName="Statement budget")["id"])
    assert lead is not None
    sales1 = db.get(User, ids["sales1"])
    assert sales1 is not None
    request, _ = lead_requests.open_request(db, actor=sales1, lead=lead, data=RequestIn(request_type="HOLD_LEAD"),
                                            task_queue="crm")
    db.commit()
    first, second = ids["approver1"], ids["approver2"]

    def decided(approver: int, layer: int) -> dict[str, Any]:
        return {"request_id": request.id, "layer_index": layer, "approver_id": approver, "action": "APPROVED",
                "note": None, "decided_at": datetime.now(UTC)}

    # the first queue: the request stamped, the tasks written, the approvers told; again, it changes nothing
    assert _counted(db, lambda: queue.sync_queue(db, request_id=request.id, layer_index=0, pending=[first])) <= 7
    assert _counted(db, lambda: queue.sync_queue(db, request_id=request.id, layer_index=0, pending=[first])) <= 7

    def decide_and_move_on() -> None:
        queue.record_decision(db, **decided(first, 0), final=False)
        queue.sync_queue(db, request_id=request.id, layer_index=1, pending=[second])

    assert _counted(db, decide_and_move_on) <= 8

    def decide_and_finish() -> None:
        queue.record_decision(db, **decided(second, 1), final=True)
        assert queue.finish(db, request_id=request.id, status="APPROVED", decided_by=second,
                            decided=(second, None, None))

    assert _counted(db, decide_and_finish) <= 11
    # and what they wrote is what the row-by-row steps wrote
    db.expire_all()
    finished = db.get(ApprovalRequest, request.id)
    assert finished is not None and finished.status == "APPROVED" and finished.started_at is not None
    assert db.get(Lead, lead.id).status == "HOLD"  # type: ignore[union-attr]
    tasks = dict(db.execute(select(ApprovalTask.approver_id, ApprovalTask.status)
                            .where(ApprovalTask.request_id == request.id)).tuples().all())
    assert tasks == {first: "DONE", second: "DONE"}
    assert db.scalar(select(ApprovalDecision.id).where(ApprovalDecision.request_id == request.id).limit(1))
    told = db.scalars(select(Notification.message).where(Notification.link == f"/leads/{lead.id}")).all()
    assert any("approved" in m for m in told), told
