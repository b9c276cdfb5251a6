"""Approval API on the real stack: requests start workflows, approvers decide, the lead changes once.

These tests commit (the worker's activities use their own connections), so each one works on a lead it
creates and removes afterwards."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tests.conftest import auth

pytestmark = pytest.mark.usefixtures("worker")


def wait_for(predicate: Any, timeout: float = 15) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("condition not met in time")


def queue(live: TestClient, user: str) -> list[dict[str, Any]]:
    return live.get("/api/approval", headers=auth(live, user)).json()["results"]["data"]  # type: ignore[no-any-return]


def request_hold(live: TestClient, lead_id: int, user: str = "sales1") -> Any:
    return live.post(f"/api/leads/{lead_id}/approval-requests",
                     json={"requestType": "HOLD_LEAD", "notes": "Client froze budgets"}, headers=auth(live, user))


class TestRequestAndDecide:
    def test_hold_request_flows_to_the_approver_and_back(self, live: TestClient, lead: dict[str, Any]) -> None:
        r = request_hold(live, lead["id"])
        assert r.status_code == 200, r.text
        approval_id = r.json()["results"]["approvalId"]
        assert r.json()["results"]["workflowId"].startswith(f"approval-lead-{lead['id']}-hold-lead-")
        # the requester is told, in words, what went to whom
        assert r.json()["results"]["message"].startswith("Your request to hold 'Approval test lead' (")
        assert r.json()["results"]["message"].endswith(" was sent to Hendra Gunawan and Maya Kusuma.")
        detail = live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales1")).json()["results"]
        assert detail["status"] == "WAITING"

        row = wait_for(lambda: next((q for q in queue(live, "approver1") if q["approvalId"] == approval_id), None))
        assert row["projectName"] == "Approval test lead" and row["requestedByName"] == "Andi Pratama"
        assert row["requestType"] == "HOLD_LEAD" and row["notes"] == "Client froze budgets"
        bell = live.get("/api/notification/limited", params={"type": "APPROVAL"},
                        headers=auth(live, "approver2")).json()["results"]
        asked = next(n for n in bell["data"] if "Approval test lead" in n["message"])
        # an approver's bell: a request waiting (its clock icon) that opens the lead's read-only view
        assert asked["kind"] == "REQUESTED" and asked["target"] == f"/leads/{lead['id']}/view"

        again = request_hold(live, lead["id"])
        assert again.status_code == 409
        assert again.json()["type"] == "RequestPending"
        assert again.json()["messages"] == [f"This lead is waiting for approval of putting it on hold (request "
                                            f"#{approval_id}); its stage and status cannot change until that "
                                            "request is decided."]

        decided = live.put(f"/api/approval/{approval_id}/handle-hold",
                           json={"approversAction": "APPROVED", "note": "ok"}, headers=auth(live, "approver2"))
        assert decided.status_code == 200, decided.text
        assert decided.json()["results"]["layers"][0]["layerStatus"] == "APPROVED"

        wait_for(lambda: live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales1"))
                 .json()["results"]["status"] == "HOLD")
        assert all(q["approvalId"] != approval_id for q in queue(live, "approver1"))
        info = live.get("/api/notification/limited", params={"type": "INFORMATION"},
                        headers=auth(live, "sales1")).json()["results"]["data"]
        outcome = next(n for n in info if "has been approved" in n["message"] and "Approval test lead" in n["message"])
        # the requester's: approved (a green check) and it opens the lead itself
        assert outcome["kind"] == "APPROVED" and outcome["target"] == f"/leads/{lead['id']}"
        late = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                        headers=auth(live, "approver1"))
        assert late.status_code == 409  # the other approver of the layer is told who decided it, and what
        assert late.json()["messages"] == ["Already decided: approved by Maya Kusuma."]
        timeline = live.get(f"/api/approval/{approval_id}/timeline", headers=auth(live, "sales1")).json()["results"]
        assert timeline["status"] == "APPROVED"
        assert timeline["layers"][0]["approvers"][1]["actionType"] == "APPROVED"

    def test_validator_refusals_become_clear_4xx(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
        url = f"/api/approval/{approval_id}/handle-hold"
        no_note = live.put(url, json={"approversAction": "REJECTED"}, headers=auth(live, "approver1"))
        assert no_note.status_code == 422
        assert no_note.json()["messages"] == ["A description is required to reject."]
        long_note = live.put(url, json={"approversAction": "REJECTED", "note": "x" * 1025},
                             headers=auth(live, "approver1"))
        assert long_note.status_code == 422
        assert long_note.json()["messages"] == ["The description cannot exceed 1024 characters."]
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "tl1")).status_code == 404
        assert live.put(url, json={"approversAction": "APPROVED"}, headers=auth(live, "sales1")).status_code == 403
        rejected = live.put(url, json={"approversAction": "REJECTED", "note": "Not now"},
                            headers=auth(live, "approver1"))
        assert rejected.status_code == 200
        wait_for(lambda: live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales1"))
                 .json()["results"]["status"] == "NEW")

    def test_who_may_request(self, live: TestClient, lead: dict[str, Any]) -> None:
        assert request_hold(live, lead["id"], user="sales2").status_code == 404
        assert request_hold(live, lead["id"], user="approver1").status_code == 403
        bad = live.post(f"/api/leads/{lead['id']}/approval-requests", json={"requestType": "CHANGE_LEAD_STAGE"},
                        headers=auth(live, "sales1"))
        assert bad.status_code == 422
        assert bad.json()["messages"] == ["Please choose the stage to move the lead to."]


class TestPipelines:
    def test_invalid_pipelines_are_refused_and_saving_makes_versions(self, client: TestClient, db: Any) -> None:
        ids = dict(db.execute(text("select username, id from users")).all())
        headers = auth(client, "admin")
        body = {"name": "Big deals", "pipelineActionType": "CLOSE_LEAD", "salesPersons": [ids["sales1"]],
                "layers": [{"name": "Board", "mode": "SEVERAL_USER", "minApprovals": 3,
                            "approvers": [ids["approver1"], ids["approver2"]]},
                           {"name": "", "mode": "ANY_USER", "approvers": []}]}
        r = client.post("/api/approval-pipelines", json=body, headers=headers)
        assert r.status_code == 422
        assert r.json()["messages"] == [
            "Layer 1 (Board): the minimum of approvals must be between 1 and its 2 approver(s).",
            "Layer 2 needs a name.", "Layer 2 (unnamed) needs at least one approver."]
        body["layers"] = [{"name": "Board", "mode": "SEVERAL_USER", "minApprovals": 2,
                           "approvers": [ids["approver1"], ids["approver2"], ids["tl1"]]},
                          {"name": "Director", "mode": "ANY_USER", "approvers": [ids["topmanager"]]}]
        created = client.post("/api/approval-pipelines", json=body, headers=headers)
        assert created.status_code == 200, created.text
        saved = created.json()["results"]
        assert saved["version"] == 1 and [layer["name"] for layer in saved["layers"]] == ["Board", "Director"]
        assert saved["layers"][1]["approvers"] == [{"id": ids["topmanager"], "fullname": "Ratna Wijaya"}]
        updated = client.put("/api/approval-pipelines", headers=headers,
                             json={**body, "id": saved["id"], "name": "Big deals v2", "version": 1}).json()["results"]
        assert updated["version"] == 2 and updated["name"] == "Big deals v2"
        # a second designer still on version 1 would silently undo it: refused; without a version, asked for it
        stale = client.put("/api/approval-pipelines", headers=headers,
                           json={**body, "id": saved["id"], "name": "Big deals (mine)", "version": 1})
        assert stale.status_code == 409 and stale.json()["type"] == "StaleVersion"
        assert stale.json()["messages"] == ["The pipeline 'Big deals v2' was changed by someone else since you opened "
                                            "it. Reload it to see their changes."]
        unversioned = client.put("/api/approval-pipelines", headers=headers, json={**body, "id": saved["id"]})
        assert unversioned.status_code == 422 and unversioned.json()["messages"] == [
            "The pipeline 'Big deals v2' can only be saved with the version you opened: reload it and save again."]
        assert client.get(f"/api/approval-pipelines/{saved['id']}", headers=headers).json()["results"]["name"] == \
            "Big deals v2"
        pcs = client.post("/api/approval-pipelines", json={**body, "pipelineActionType": "PCS"}, headers=headers)
        assert pcs.status_code == 422

    def test_only_people_who_can_decide_approve_and_never_their_own_requests(self, client: TestClient,
                                                                               db: Any) -> None:
        """The designer offers as approvers only people whose role decides in the queue, and saving refuses a sales
        person as an approver, or an approver who is one of the sales people the pipeline covers."""
        ids = dict(db.execute(text("select username, id from users")).all())
        headers = auth(client, "admin")
        people = client.get("/api/approval-pipelines/people", headers=headers).json()["results"]
        deciding = {p["fullname"]: p["canDecide"] for p in people}
        assert deciding["Andi Pratama"] is False and deciding["Maya Kusuma"] is True
        body = {"name": "Own deals", "pipelineActionType": "CLOSE_LEAD", "salesPersons": [ids["sales1"], ids["tl1"]],
                "layers": [{"name": "Check", "mode": "ANY_USER", "approvers": [ids["sales2"], ids["approver1"]]},
                           {"name": "Lead", "mode": "ANY_USER", "approvers": [ids["tl1"]]}]}
        r = client.post("/api/approval-pipelines", json=body, headers=headers)
        assert r.status_code == 422, r.text
        names = dict(db.execute(text("select username, fullname from users")).all())
        assert r.json()["messages"] == [
            "Every approver must be someone who can decide on requests (their role opens the approval queue to "
            f"decide): {names['sales2']}.",
            f"A sales person this pipeline covers cannot approve its requests: {names['tl1']}."]
        # nor be the one a layer escalates to (the escalation would then wait on its own requester)
        body["salesPersons"] = [ids["sales1"], ids["topmanager"]]
        body["layers"] = [{"name": "Check", "mode": "ANY_USER", "approvers": [ids["approver1"]],
                           "deadline": {"amount": 1, "unit": "HOURS", "escalateAfter": 1, "escalateTo": "USER",
                                        "escalateUserId": ids["topmanager"]}}]
        r = client.post("/api/approval-pipelines", json=body, headers=headers)
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == [f"A sales person this pipeline covers cannot be the one its layers escalate "
                                        f"to: {names['topmanager']}."]

    def test_listing_costs_the_same_statements_whatever_the_number_of_pipelines(self, client: TestClient,
                                                                              db: Any) -> None:
        from sqlalchemy import event

        ids = dict(db.execute(text("select username, id from users")).all())
        headers = auth(client, "admin")
        engine = client.app.state.engine  # type: ignore[attr-defined]
        statements: list[str] = []

        def count(*args: Any) -> None:
            statements.append(args[2])

        def counted() -> tuple[int, int]:
            statements.clear()
            event.listen(engine, "before_cursor_execute", count)
            try:
                r = client.get("/api/approval-pipelines", headers=headers)
            finally:
                event.remove(engine, "before_cursor_execute", count)
            assert r.status_code == 200, r.text
            return len(r.json()["results"]), len(statements)

        counted()  # the first call of a test may also reload the access policy
        before_count, before_statements = counted()
        for n in range(3):
            # a sales person each: two active pipelines of one action type may not cover the same person
            body = {"name": f"Counted {n}", "pipelineActionType": "DROP_LEAD", "salesPersons": [ids[f"sales{n + 4}"]],
                    "layers": [{"name": "One", "mode": "ANY_USER", "approvers": [ids["approver1"]]},
                               {"name": "Two", "mode": "ANY_ORDER", "approvers": [ids["approver2"], ids["tl1"]]}]}
            assert client.post("/api/approval-pipelines", json=body, headers=headers).status_code == 200
        after_count, after_statements = counted()
        assert after_count == before_count + 3
        assert after_statements == before_statements

    def test_only_administrators_manage_pipelines(self, client: TestClient) -> None:
        assert client.get("/api/approval-pipelines", headers=auth(client, "sales1")).status_code == 403
        assert client.get("/api/approval-pipelines", headers=auth(client, "admin")).status_code == 200
        assert client.get("/api/approval-pipelines").status_code == 401


def test_pipeline_people_lists_active_users_with_roles(client: TestClient) -> None:
    people = client.get("/api/approval-pipelines/people", headers=auth(client, "admin")).json()["results"]
    assert {"fullname": "Hendra Gunawan", "roleName": "APPROVER"}.items() <= next(
        p for p in people if p["fullname"] == "Hendra Gunawan").items()
    assert client.get("/api/approval-pipelines/people", headers=auth(client, "sales1")).status_code == 403


class TestOperatorsOnly:
    def test_the_temporal_ui_link_is_shown_to_operators_only(self, live: TestClient, lead: dict[str, Any]) -> None:
        settings = live.app.state.settings  # type: ignore[attr-defined]
        before, settings.temporal_ui_url = settings.temporal_ui_url, "http://127.0.0.1:8233"
        try:
            approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
            url = f"/api/approval/{approval_id}/timeline"
            admin = live.get(url, headers=auth(live, "admin")).json()["results"]
            assert admin["temporalUrl"] == ("http://127.0.0.1:8233/namespaces/default/workflows/"
                                            + admin["workflowId"].replace("@", "%40"))
            for user in ("sales1", "approver1", "tl1"):  # the requester, an approver, the team leader
                assert live.get(url, headers=auth(live, user)).json()["results"]["temporalUrl"] is None, user
            decided = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                               headers=auth(live, "approver1"))
            assert decided.status_code in (200, 202) and decided.json()["results"]["temporalUrl"] is None
            register = live.get(f"/api/lead-approval/{approval_id}", headers=auth(live, "admin"))
            assert register.status_code == 200, register.text
            assert register.json()["results"]["timeline"]["temporalUrl"] == admin["temporalUrl"]
        finally:
            settings.temporal_ui_url = before


def test_an_approvers_own_decision_is_made_durable_in_one_statement(live: TestClient, lead: dict[str, Any]) -> None:
    """The decision call on the approver's own task: the sign-in, one statement that checks and makes the decision
    durable (repo.claim_own_task), one for the answer's names; no second transaction after the workflow answers."""
    from sqlalchemy import event

    r = request_hold(live, lead["id"])
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver2")))
    headers = auth(live, "approver2")
    engine = live.app.state.engine  # type: ignore[attr-defined]
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    try:
        decided = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                           headers=headers)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert decided.status_code == 200, decided.text
    assert decided.json()["results"]["layers"][0]["layerStatus"] == "APPROVED"
    assert decided.json()["results"]["processing"] is False  # its own decision is applied, not in flight
    writes = [s for s in statements if s.lstrip().upper().startswith(("UPDATE", "WITH"))]
    assert len(writes) == 1 and "approval_tasks" in writes[0], statements
    assert len(statements) <= 3, statements  # the user, the claim, the names
