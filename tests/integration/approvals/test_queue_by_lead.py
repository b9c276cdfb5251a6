"""The approver's queue for one lead (GET /approval with criteria leadId): what the lead's page offers the approver to
decide there, with the same rows as the queue."""

from __future__ import annotations

import json
import uuid

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalPipeline, ApprovalPipelineVersion, ApprovalRequest, ApprovalTask
from api.leads.models import Lead
from api.users.models import User
from tests.conftest import auth


def ask(db: Session, lead: Lead, approver: User, requester: User) -> int:
    """A hold request on the lead whose first layer waits for `approver` (as its workflow leaves the queue)."""
    pipeline = ApprovalPipeline(name=f"Queue test {uuid.uuid4().hex[:8]}", action_type="HOLD_LEAD", is_active=False)
    db.add(pipeline)
    db.flush()
    version = ApprovalPipelineVersion(pipeline_id=pipeline.id, version=1, sales_person_ids=[], layers=[
        {"name": "Managers", "mode": "ANY_USER", "minApprovals": 1, "approvers": [approver.id]}])
    db.add(version)
    db.flush()
    request = ApprovalRequest(workflow_id=f"queue-test-{uuid.uuid4().hex}", request_type="HOLD_LEAD", lead_id=lead.id,
                              requested_by=requester.id, pipeline_version_id=version.id, notes="Budget frozen")
    db.add(request)
    db.flush()
    db.add(ApprovalTask(request_id=request.id, layer_index=0, approver_id=approver.id))
    db.flush()
    return request.id


def test_the_queue_of_one_lead(client: TestClient, db: Session) -> None:
    approver = db.scalars(select(User).where(User.username == "approver1")).one()
    sales1 = db.scalars(select(User).where(User.username == "sales1")).one()
    waiting = select(ApprovalRequest.lead_id).where(ApprovalRequest.status == "PENDING",
                                                    ApprovalRequest.lead_id.is_not(None))
    first, second = db.scalars(select(Lead).where(Lead.sales_person_id == sales1.id, Lead.id.not_in(waiting))
                               .order_by(Lead.id).limit(2))  # no request of the demo data or another test waits
    on_first, on_second = ask(db, first, approver, sales1), ask(db, second, approver, sales1)
    db.commit()

    def queue(user: str, lead_id: int) -> list[dict[str, object]]:
        r = client.get("/api/approval", params={"criteria": json.dumps([{"field": "leadId", "value": lead_id}])},
                       headers=auth(client, user))
        assert r.status_code == 200, r.text
        return r.json()["results"]["data"]  # type: ignore[no-any-return]

    rows = queue("approver1", first.id)
    assert [(r["approvalId"], r["leadId"], r["requestedByName"]) for r in rows] == [(on_first, first.id,
                                                                                     sales1.fullname)]
    assert [r["approvalId"] for r in queue("approver1", second.id)] == [on_second]
    assert queue("approver2", first.id) == []  # not theirs to decide
    r = client.get("/api/approval", params={"criteria": json.dumps([{"field": "stageId", "value": 1}])},
                   headers=auth(client, "approver1"))
    assert r.status_code == 422 and r.json()["messages"] == ["Unknown criteria field 'stageId'. Allowed: leadId."]
