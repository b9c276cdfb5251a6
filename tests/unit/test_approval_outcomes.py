"""The approval engine asks each request type's registered outcome whether an approval starts the lead's PID; the
workflow reads the answer from its input and never compares request types (but for runs started before the field)."""

from __future__ import annotations

import api.domains
from api.approvals import outcomes
from workflows.contracts.approval import ApprovalInput, starts_pid


def test_every_request_type_has_a_handler_and_only_cost_sheets_start_a_pid() -> None:
    assert {t: outcomes.handler_for(t).starts_pid for t in api.domains.register()} == {
        "CHANGE_LEAD_STAGE": False, "CLOSE_LEAD": False, "DROP_LEAD": False, "HOLD_LEAD": False, "PCS": True}


def test_the_workflow_follows_its_input_and_older_inputs_keep_their_meaning() -> None:
    def given(request_type: str, flag: bool | None) -> bool:
        return starts_pid(ApprovalInput(request_id=1, request_type=request_type, lead_id=2, requested_by=3,
                                        layers=[], starts_pid=flag))

    assert given("CHANGE_LEAD_STAGE", True) and not given("PCS", False)
    assert given("PCS", None) and not given("HOLD_LEAD", None)  # runs started before the field: PCS only
