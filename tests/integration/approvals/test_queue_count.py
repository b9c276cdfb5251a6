"""The approval queue counts and pages each request once: a request that is both the reader's own task and one they
stand in for (out of office) is one row, shown as their own, and its total says so."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals import delegates, queue_queries
from api.approvals.models import ApprovalDelegation
from api.approvals.schemas import RequestIn
from api.leads import requests as lead_requests
from api.leads.models import Lead
from api.users.models import User
from tests.conftest import auth
from tests.integration.leads.conftest import lead_refs, new_lead


def _waiting(client: TestClient, db: Session, refs: dict[str, Any], name: str, approvers: list[int]) -> int:
    """A hold request of sales1 whose first layer waits on `approvers` (no workflow: the queue reads the rows)."""
    lead = db.get(Lead, new_lead(client, refs, projectName=name)["id"])
    sales1 = db.scalars(select(User).where(User.username == "sales1")).one()
    assert lead is not None
    request, _ = lead_requests.open_request(db, actor=sales1, lead=lead, data=RequestIn(request_type="HOLD_LEAD"),
                                            task_queue="crm")
    db.flush()
    queue_queries.queue_approvers(db, request_id=request.id, layer_index=0, pending=approvers)
    db.commit()
    return request.id


def test_a_request_that_is_both_mine_and_delegated_counts_once(client: TestClient, db: Session) -> None:
    ids = dict(db.execute(select(User.username, User.id)).tuples().all())
    refs = lead_refs(client)
    both = _waiting(client, db, refs, "Queue both", [ids["approver1"], ids["approver2"]])
    his = _waiting(client, db, refs, "Queue his", [ids["approver1"]])
    today = delegates.today()
    db.add(ApprovalDelegation(delegator_id=ids["approver1"], delegate_id=ids["approver2"], starts_on=today,
                              ends_on=today + timedelta(days=3)))
    db.commit()

    def page(**params: Any) -> dict[str, Any]:
        r = client.get("/api/approval", params={"search": "Queue ", **params}, headers=auth(client, "approver2"))
        assert r.status_code == 200, r.text
        return r.json()["results"]  # type: ignore[no-any-return]

    whole = page()
    assert whole["totalRows"] == 2
    rows = {r["approvalId"]: r["forApproverName"] for r in whole["data"]}
    assert rows == {both: None, his: "Hendra Gunawan"}  # the one that is also hers shows as her own
    # paged one by one, each request comes once, in every order
    for sort in ("requestedAt", "projectName"):
        pages = [page(limit=1, offset=i, sort=sort) for i in (0, 1)]
        assert [p["totalRows"] for p in pages] == [2, 2]
        assert sorted(p["data"][0]["approvalId"] for p in pages) == sorted([both, his])
