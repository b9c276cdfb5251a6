"""Every path that could move a gated stage goes through an approved request; each person sees what they need.

Runs on the real stack with commits (the worker's activities read what the API writes): each test makes its own
leads and pipelines and removes them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, text

from api.approvals.models import ApprovalPipeline
from api.leads.models import Lead
from api.notifications.models import Notification
from tests import sealed
from tests.conftest import auth, run_async
from tests.integration.approvals.test_approvals import queue, wait_for
from tests.integration.leads.conftest import lead_refs

pytestmark = pytest.mark.usefixtures("worker")

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
NAME = "Gate test lead"


@pytest.fixture
def refs(live: TestClient) -> dict[str, Any]:
    return lead_refs(live)


@pytest.fixture
def cleanup(live: TestClient) -> Iterator[None]:
    yield
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.message.like(f"%{NAME}%")))
    session.execute(delete(Lead).where(Lead.project_name == NAME))
    session.execute(delete(ApprovalPipeline).where(ApprovalPipeline.name.like("Gate test%")))
    session.commit()
    session.close()


def create(live: TestClient, refs: dict[str, Any], user: str = "sales1", **extra: Any) -> Any:
    body = {"clientId": refs["client"], "sourceId": refs["source"], "personInCharges": refs["pics"][:1],
            "projectName": NAME, "projectType": refs["projectType"], **extra}
    return live.post("/api/leads", json=body, headers=auth(live, user))


def update(live: TestClient, lead_id: int, data: dict[str, Any], user: str = "sales1",
           files: dict[str, tuple[str, bytes, str]] | None = None) -> Any:
    return live.put(f"/api/leads/{lead_id}/update/v2", data={"data": json.dumps(data)}, files=files or {},
                    headers=auth(live, user))


def to_e3(live: TestClient, refs: dict[str, Any]) -> int:
    lead = create(live, refs, stageId=2)
    assert lead.status_code == 200, lead.text  # E2 needs no approval and its person in charge is given
    lead_id: int = lead.json()["results"]["id"]
    moved = update(live, lead_id, {"stageId": 3, "expectedCloseDate": "2027-06-30",
                                   "serviceCategories": [{"serviceCategoryId": refs["category"]}]})
    assert moved.status_code == 200 and moved.json()["results"]["stageMoved"] is True, moved.text
    return lead_id


class TestCreate:
    def test_a_new_lead_starts_only_where_no_approval_is_needed(self, live: TestClient, refs: dict[str, Any],
                                                                cleanup: None) -> None:
        gated = create(live, refs, stageId=6)
        assert gated.status_code == 422
        assert gated.json()["messages"] == ["A new lead cannot start in E6 Closing: reaching it needs approval. "
                                            "Create it in an earlier stage and request the move."]
        lacking = create(live, refs, stageId=3)
        assert lacking.status_code == 422
        assert lacking.json()["messages"] == ["A new lead cannot start in E3 Qualified without: Service Category, "
                                              "Expected Close Date."]
        no_pic = create(live, refs, stageId=2, personInCharges=[])
        assert no_pic.status_code == 422 and "Person in Charge" in no_pic.json()["messages"][0]
        session = live.app.state.session_factory()  # type: ignore[attr-defined]
        assert session.scalar(select(Lead.id).where(Lead.project_name == NAME)) is None  # nothing half-saved
        session.close()
        assert create(live, refs, stageId=2).status_code == 200


class TestTheWizardAndTheWaitingLead:
    def test_the_wizard_requests_the_gated_stage_and_nothing_else_moves_the_lead(
            self, live: TestClient, refs: dict[str, Any], cleanup: None) -> None:
        lead_id = to_e3(live, refs)
        options = live.get(f"/api/leads/{lead_id}/stage-options", headers=auth(live, "sales1")).json()["results"]
        e4 = next(s for s in options["stages"] if s["stageName"] == "E4")
        assert e4["needsApproval"] is True and e4["allowed"] is False and "Proposal" in e4["missingFields"]
        assert next(s for s in options["stages"] if s["stageName"] == "E2")["allowed"] is True  # back: direct
        assert next(s for s in options["stages"] if s["stageName"] == "E3")["isCurrent"] is True

        r = update(live, lead_id, {"stageId": 4, "totalRevenue": 1e9, "totalGrossProfit": 2e8,
                                   "projectStartDate": "2027-07-01", "projectEndDate": "2028-06-30"},
                   files={"proposalFile": ("p.pdf", PDF, "application/pdf")})
        assert r.status_code == 200, r.text
        result = r.json()["results"]
        approval_id = result["approvalId"]
        assert result["approvalRequired"] is True and result["stageMoved"] is False and approval_id
        assert result["message"] == ("Moving to E4 Proposal needs approval: your request was sent to Hendra "
                                     "Gunawan and Maya Kusuma. The lead stays in E3 Qualified until it is approved.")
        assert result["lead"]["stageName"] == "E3" and result["lead"]["status"] == "WAITING"
        wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))
        row = next(q for q in queue(live, "approver1") if q["approvalId"] == approval_id)
        assert row["currentStage"] == "E3 Qualified" and row["targetStage"] == "E4 Proposal"

        # while it waits, no other path changes the stage or the status
        back = update(live, lead_id, {"stageId": 2})
        assert back.status_code == 409 and back.json()["type"] == "RequestPending"
        assert back.json()["messages"][0].startswith(f"This lead is waiting for approval of its move to E4 Proposal "
                                                     f"(request #{approval_id})")
        hold = live.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD"},
                         headers=auth(live, "sales1"))
        assert hold.status_code == 409 and hold.json()["type"] == "RequestPending"
        unfill = update(live, lead_id, {"removeFiles": ["proposalFile"]})
        assert unfill.status_code == 409 and unfill.json()["messages"][0].endswith("It needs Proposal to stay filled.")
        assert update(live, lead_id, {"competitor": "Datacomm"}).status_code == 200  # other fields still save
        waiting = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert waiting["stageName"] == "E3" and waiting["proposalFile"]["name"] == "p.pdf"
        assert waiting["waitingFor"] == {**waiting["waitingFor"], "approvalId": approval_id,
                                         "requestType": "CHANGE_LEAD_STAGE", "targetStageName": "E4 Proposal",
                                         "layerSeq": 1, "layerCount": 1, "state": "PENDING",
                                         "pendingApprovers": ["Hendra Gunawan", "Maya Kusuma"],
                                         "requestedByName": "Andi Pratama"}
        options = live.get(f"/api/leads/{lead_id}/stage-options", headers=auth(live, "sales1")).json()["results"]
        assert not any(s["allowed"] for s in options["stages"])
        assert options["waitingFor"]["approvalId"] == approval_id

        # the approver reads exactly the leads they are asked about, and changes none of them
        approver = auth(live, "approver1")
        assert live.get(f"/api/leads/{lead_id}", headers=approver).status_code == 200
        assert live.get(f"/api/leads/{lead_id}/history", headers=approver).status_code == 200
        flow = f"/api/leads/{lead_id}/pcs-approval-flow"  # no sheet yet: the approver hears what the owner hears
        assert live.get(flow, headers=approver).json() == live.get(flow, headers=auth(live, "sales1")).json()
        assert live.get(f"/api/leads/{lead_id}/form/v2", headers=approver).status_code == 200  # the cost sheet
        assert update(live, lead_id, {"competitor": "x"}, user="approver1").status_code == 403
        assert live.get("/api/leads", headers=approver).status_code == 403
        other = create(live, refs)
        assert live.get(f"/api/leads/{other.json()['results']['id']}", headers=approver).status_code == 404

        # a rejection with its note: the history records it, the requester reads who and why
        rejected = live.put(f"/api/approval/{approval_id}/handle-hold",
                            json={"approversAction": "REJECTED", "note": "Proposal lacks the SLA annex"},
                            headers=approver)
        assert rejected.status_code == 200, rejected.text
        lead = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert lead["status"] == "NEW" and lead["stageName"] == "E3" and lead["waitingFor"] is None
        history = live.get(f"/api/leads/{lead_id}/history", headers=auth(live, "sales1")).json()["results"]
        values = [(h["field"], h["oldValue"], h["newValue"]) for h in history]
        assert ("approval", f"Stage change #{approval_id}", "Rejected by Hendra Gunawan: Proposal lacks the SLA "
                "annex") in values
        assert ("status", "WAITING", "NEW") in values and ("status", "NEW", "WAITING") in values
        info = live.get("/api/notification/limited", params={"type": "INFORMATION"},
                        headers=auth(live, "sales1")).json()["results"]["data"]
        assert any(n["message"].endswith("has been rejected by Hendra Gunawan: Proposal lacks the SLA annex")
                   and NAME in n["message"] for n in info)
        # the other approver of the settled layer has nothing left to do
        session = live.app.state.session_factory()  # type: ignore[attr-defined]
        unread = session.execute(text("select u.username, n.is_read from notifications n join users u "
                                      "on u.id = n.user_id where n.link = :l order by u.username"),
                                 {"l": f"/system/approval?request={approval_id}"}).all()
        session.close()
        assert unread == [("approver1", True), ("approver2", True)]


class TestClose:
    def test_closing_needs_what_the_closed_stage_and_the_stages_before_it_require(
            self, live: TestClient, refs: dict[str, Any], cleanup: None) -> None:
        lead_id = create(live, refs).json()["results"]["id"]
        r = live.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "CLOSE_LEAD"},
                      headers=auth(live, "sales1"))
        assert r.status_code == 422
        message = r.json()["messages"][0]
        assert message.startswith("Complete these fields before closing the lead: Service Category,")
        assert message.endswith("Decision Maker, Project ID Number.")
        lead = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert lead["status"] == "NEW" and lead["waitingFor"] is None  # nothing half-made


class TestPipelines:
    def test_one_active_pipeline_per_action_type_and_sales_person(self, live: TestClient, cleanup: None) -> None:
        admin = auth(live, "admin")
        users = {u["fullname"]: u["id"] for u in live.get("/api/approval-pipelines/people",
                                                          headers=admin).json()["results"]}
        layer = [{"name": "Check", "mode": "ANY_USER", "approvers": [users["Hendra Gunawan"]]}]
        first = live.post("/api/approval-pipelines", headers=admin, json={
            "name": "Gate test drops", "pipelineActionType": "DROP_LEAD", "salesPersons": [users["Rizky Hidayat"]],
            "layers": layer})
        assert first.status_code == 200, first.text
        body = {"name": "Gate test drops 2", "pipelineActionType": "DROP_LEAD",
                "salesPersons": [users["Rizky Hidayat"], users["Intan Permata"]], "layers": layer}
        check = live.post("/api/approval-pipelines/check", json=body, headers=admin).json()["results"]
        assert check["messages"] == ["Rizky Hidayat is already covered by the pipeline 'Gate test drops'."]
        refused = live.post("/api/approval-pipelines", json=body, headers=admin)
        assert refused.status_code == 409 and refused.json()["type"] == "PipelineOverlap"
        assert refused.json()["messages"] == check["messages"]
        everyone = live.post("/api/approval-pipelines", headers=admin, json={
            "name": "Gate test everyone", "pipelineActionType": "DROP_LEAD", "salesPersons": [], "layers": layer})
        assert everyone.status_code == 409
        assert everyone.json()["messages"][0].startswith("The pipeline 'Drop approval' already applies to every")
        # its own new version does not clash with itself; another action type is free
        again = live.put("/api/approval-pipelines", headers=admin,
                         json={**body, "id": first.json()["results"]["id"], "name": "Gate test drops",
                               "version": first.json()["results"]["version"]})
        assert again.status_code == 200, again.text
        assert live.post("/api/approval-pipelines", headers=admin, json={**body, "pipelineActionType": "HOLD_LEAD",
                                                                         "name": "Gate test holds"}).status_code == 200


class TestRefusals:
    def test_each_refusal_has_its_type_and_one_note_limit(self, live: TestClient, refs: dict[str, Any],
                                                          cleanup: None) -> None:
        lead_id = create(live, refs).json()["results"]["id"]
        long_notes = live.post(f"/api/leads/{lead_id}/approval-requests",
                               json={"requestType": "HOLD_LEAD", "notes": "x" * 1025}, headers=auth(live, "sales1"))
        assert long_notes.status_code == 422
        assert long_notes.json()["messages"] == ["The description cannot exceed 1024 characters."]
        assert long_notes.json()["fields"] == [{"field": "notes",
                                                "message": "The description cannot exceed 1024 characters."}]
        r = live.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD"},
                      headers=auth(live, "sales1"))
        approval_id = r.json()["results"]["approvalId"]
        url = f"/api/approval/{approval_id}/handle-hold"
        wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))
        for note, status, type_ in ((None, 422, "NoteRequired"), ("x" * 1025, 422, "NoteTooLong")):
            refused = live.put(url, json={"approversAction": "REJECTED", "note": note}, headers=auth(live, "approver1"))
            assert (refused.status_code, refused.json()["type"]) == (status, type_)
            assert "detail" not in refused.json()
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "approver1")).status_code == 200
        for user in ("approver1", "approver2"):  # decided, and the other approver of a settled request
            again = live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, user))
            assert again.status_code == 409
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "approver1")).json() == {
            "messages": ["You have already decided on this layer."], "type": "AlreadyDecided"}
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "approver2")).json() == {
            "messages": ["Already decided: approved by Hendra Gunawan."], "type": "LayerDecided"}


    def test_the_order_and_the_layer_refuse_with_their_own_types(self, live: TestClient, refs: dict[str, Any],
                                                                 cleanup: None) -> None:
        admin = auth(live, "admin")
        users = {u["fullname"]: u["id"] for u in live.get("/api/approval-pipelines/people",
                                                          headers=admin).json()["results"]}
        r = live.post("/api/approval-pipelines", headers=admin, json={
            "name": "Gate test order", "pipelineActionType": "HOLD_LEAD", "salesPersons": [users["Dewi Anggraini"]],
            "layers": [{"name": "Desk", "mode": "IN_SEQUENCE",
                        "approvers": [users["Hendra Gunawan"], users["Maya Kusuma"]]},
                       {"name": "Lead", "mode": "ANY_USER", "approvers": [users["Budi Santoso"]]}]})
        assert r.status_code == 200, r.text
        lead_id = create(live, refs, user="sales2").json()["results"]["id"]
        approval_id = live.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD"},
                                headers=auth(live, "sales2")).json()["results"]["approvalId"]
        wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))
        url = f"/api/approval/{approval_id}/handle-hold"
        early = live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "approver2"))
        assert (early.status_code, early.json()) == (409, {
            "messages": ["It is not your turn yet: waiting for Hendra Gunawan."], "type": "NotYourTurn"})
        later_layer = live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "tl1"))
        assert (later_layer.status_code, later_layer.json()["type"]) == (403, "NotAnApprover")
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "approver1")).status_code == 200


def test_every_waiting_lead_of_the_seed_has_a_running_workflow(live: TestClient) -> None:
    """The demo data holds no stuck request: each WAITING lead waits for a request whose workflow runs (the
    approval sweep starts those the seed committed)."""
    from temporalio.client import WorkflowExecutionStatus

    from api.approvals import outbox

    settings = live.app.state.settings  # type: ignore[attr-defined]

    async def sweep_and_describe(workflow_ids: list[str]) -> dict[str, Any]:
        client = await sealed.connect(settings.temporal_address)
        await outbox.start_waiting(client, live.app.state.session_factory, settings.temporal_task_queue,  # type: ignore
                                   older_than=timedelta(0))
        return {w: (await client.get_workflow_handle(w).describe()).status for w in workflow_ids}

    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    rows = session.execute(text(
        "select l.id, r.workflow_id from leads l left join approval_requests r on r.lead_id = l.id "
        "and r.status = 'PENDING' and r.request_type <> 'PCS' where l.status = 'WAITING'")).all()
    session.close()
    assert rows, "the demo data has waiting leads"
    assert all(workflow_id for _, workflow_id in rows), "a waiting lead without a pending request"
    statuses = run_async(sweep_and_describe([w for _, w in rows]))
    assert set(statuses.values()) == {WorkflowExecutionStatus.RUNNING}
