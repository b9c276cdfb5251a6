"""Stage management: an administrator edits needsApproval and the lead moves follow it."""

from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import auth
from tests.integration.leads.conftest import update


def test_admin_makes_e2_need_approval_and_the_move_stops(client: TestClient, lead: dict[str, Any]) -> None:
    headers = auth(client, "admin")
    stages = client.get("/api/stages", headers=headers).json()["results"]
    e2 = next(s for s in stages if s["stageName"] == "E2")
    assert e2["needsApproval"] is False and e2["previousStage"] == 1 and e2["nextStage"] == 3
    r = client.put("/api/stages", json={**e2, "needsApproval": True}, headers=headers)
    assert r.status_code == 200 and r.json()["results"]["needsApproval"] is True
    moved = update(client, lead["id"], {"stageId": e2["id"]}).json()["results"]
    assert moved["stageMoved"] is False and moved["approvalRequired"] is True


def test_stage_edits_are_validated_and_guarded(client: TestClient) -> None:
    headers = auth(client, "admin")
    e3 = next(s for s in client.get("/api/stages", headers=headers).json()["results"] if s["stageName"] == "E3")
    r = client.put("/api/stages", json={**e3, "seqNumber": 1, "nextStage": e3["id"]}, headers=headers)
    assert r.status_code == 422
    assert r.json()["messages"] == ["Please choose a valid next stage.", "Order 1 is already used by E1."]
    assert client.put("/api/stages", json=e3, headers=auth(client, "sales1")).status_code == 403
    # the closed stage stays last, whether a stage is added or edited
    stages = client.get("/api/stages", headers=headers).json()["results"]
    e7 = next(s for s in stages if s["stageName"] == "E7")
    past = client.put("/api/stages", json={**e3, "seqNumber": e7["seqNumber"] + 5}, headers=headers)
    assert past.json()["messages"] == ["A stage must come before E7 Closed."]
    assert client.put("/api/stages", json={**e7, "seqNumber": 20}, headers=headers).status_code == 200
    e1 = next(s for s in stages if s["stageName"] == "E1")
    assert client.put("/api/stages", json={**e1, "seqNumber": 15}, headers=headers).status_code == 200
    early = client.put("/api/stages", json={**e7, "seqNumber": 1}, headers=headers)
    assert (early.status_code, early.json()["messages"]) == (422, ["E7 Closed must come after every other stage."])
    assert client.get("/api/stages", headers=auth(client, "sales1")).status_code == 403


def test_an_added_stage_joins_the_board_the_rules_and_the_pages(client: TestClient, lead: dict[str, Any]) -> None:
    """System > Stage Management > Add: no code change, the board shows it, its required fields gate it, its
    approval flag gates it, and its page slug comes with it."""
    admin = auth(client, "admin")
    catalogue = client.get("/api/stages/requirement-catalogue", headers=admin).json()["results"]
    assert {"field": "competitor", "label": "Competitor"} in catalogue
    stages = client.get("/api/stages", headers=admin).json()["results"]
    e2 = next(s for s in stages if s["stageName"] == "E2")
    # make room after E2 (orders are unique): every later stage moves one up, the last first
    for s in sorted(stages, key=lambda s: -s["seqNumber"]):
        if s["seqNumber"] > e2["seqNumber"]:
            r = client.put("/api/stages", json={**s, "seqNumber": s["seqNumber"] + 1}, headers=admin)
            assert r.status_code == 200, r.text
    body = {"stageName": "e2b", "stageDescription": "Site Survey", "seqNumber": e2["seqNumber"] + 1,
            "needsApproval": False, "requiredFields": ["decisionMaker"]}
    assert client.post("/api/stages", json=body, headers=auth(client, "sales1")).status_code == 403
    bad = client.post("/api/stages", json={**body, "requiredFields": ["shoeSize"], "seqNumber": 1}, headers=admin)
    assert bad.status_code == 422
    assert bad.json()["messages"] == ["Unknown required field: shoeSize.", "Order 1 is already used by E1."]
    created = client.post("/api/stages", json=body, headers=admin)
    assert created.status_code == 200, created.text
    added = created.json()["results"]
    assert added["stageName"] == "E2B" and added["slug"] == "site-survey"
    assert added["requiredFields"] == [{"field": "decisionMaker", "label": "Decision Maker"}]
    assert client.post("/api/stages", json=body, headers=admin).status_code == 409  # the name is taken

    columns = client.get("/api/leads", headers=auth(client, "sales1")).json()["results"]
    assert [c["stageName"] for c in columns][:4] == ["E1", "E2", "E2B", "E3"]
    options = client.get(f"/api/leads/{lead['id']}/stage-options", headers=auth(client, "sales1")).json()["results"]
    survey = next(s for s in options["stages"] if s["stageName"] == "E2B")
    assert survey["allowed"] is False and survey["missingFields"] == ["Decision Maker"]
    assert survey["lackingFields"] == [{"field": "decisionMaker", "label": "Decision Maker"}]
    assert survey["slug"] == "site-survey" and survey["needsApproval"] is False
    # going past it needs its fields too: skipping the new stage is no way round it
    e3 = next(s for s in options["stages"] if s["stageName"] == "E3")
    assert "Decision Maker" in e3["missingFields"]
    assert {"field": "decisionMaker", "label": "Decision Maker"} in e3["lackingFields"]  # by code, for the form
    moved = update(client, lead["id"], {"stageId": added["id"], "decisionMaker": "Pak Joko"})
    assert moved.status_code == 200 and moved.json()["results"]["stageMoved"] is True, moved.text
    assert moved.json()["results"]["lead"]["stageName"] == "E2B"


def test_stage_options_cost_the_same_statements_however_many_stages(client: TestClient,
                                                                     lead: dict[str, Any]) -> None:
    """The lead's fields are read once for every stage the answer weighs, not once per stage and field."""
    from sqlalchemy import event

    engine = client.app.state.engine  # type: ignore[attr-defined]
    sales = auth(client, "sales1")
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    def counted() -> int:
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            r = client.get(f"/api/leads/{lead['id']}/stage-options", headers=sales)
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert r.status_code == 200, r.text
        return len(statements)

    counted()
    before = counted()
    admin = auth(client, "admin")
    stages = client.get("/api/stages", headers=admin).json()["results"]
    last_board = max(s["seqNumber"] for s in stages if s["stageName"] != "E7")
    closed = next(s for s in stages if s["stageName"] == "E7")
    r = client.put("/api/stages", json={**closed, "seqNumber": closed["seqNumber"] + 1}, headers=admin)
    assert r.status_code == 200, r.text
    r = client.post("/api/stages", headers=admin, json={
        "stageName": "E6B", "stageDescription": "Handover", "seqNumber": last_board + 1, "needsApproval": False,
        "requiredFields": ["personInCharges", "serviceCategories", "projectIdNumbers"]})
    assert r.status_code == 200, r.text
    assert counted() == before


def test_a_request_is_made_only_for_a_move_the_stage_options_mark(client: TestClient, lead: dict[str, Any]) -> None:
    """The stage rules answer once whether a move needs approval: stage-options shows it per stage, and the request
    call follows it (a stage change that needs none is not sent to the approvers; the lead simply moves)."""
    sales = auth(client, "sales1")
    options = client.get(f"/api/leads/{lead['id']}/stage-options", headers=sales).json()["results"]["stages"]
    e2 = next(s for s in options if s["stageName"] == "E2")
    assert e2["allowed"] is True and e2["needsApproval"] is False
    r = client.post(f"/api/leads/{lead['id']}/approval-requests", headers=sales,
                    json={"requestType": "CHANGE_LEAD_STAGE", "targetStageId": e2["id"]})
    assert r.status_code == 422
    assert r.json()["messages"] == [
        "Moving to E2 Connected needs no approval: the lead is moved there without a request."]
    assert client.get(f"/api/leads/{lead['id']}", headers=sales).json()["results"]["status"] == "NEW"
    moved = update(client, lead["id"], {"stageId": e2["id"]}).json()["results"]
    assert moved["stageMoved"] is True and moved["approvalRequired"] is False
