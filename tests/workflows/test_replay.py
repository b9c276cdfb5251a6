"""An approval's closed history replays under Temporal's strict sandbox (tests/histories.py replays every other
test's histories after it)."""

from __future__ import annotations

import pytest

from tests.conftest import Services, run_async
from tests.histories import replay
from tests.workflows.test_approval_workflow import World, approver, open_request, start
from tests.workflows.test_approval_workflow import world as world
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.approval_rules import Layer

pytestmark = pytest.mark.usefixtures("worker")


class TestDeterminism:
    """The worker runs workflows outside Temporal's sandbox, so their determinism is proven by replaying them under
    the strict default sandbox: this request's history, which goes through both layers' modes and a rejection.
    Every test that runs workflows has its own histories replayed after it the same way (tests/histories.py)."""

    def test_an_approval_history_replays_under_the_strict_sandbox(self, services: Services, world: World) -> None:
        layers = [Layer("One", "IN_SEQUENCE", [approver(world, "approver1"), approver(world, "approver2")]),
                  Layer("Two", "SEVERAL_USER", [approver(world, "tl1"), approver(world, "tl2")], min_approvals=1)]
        request = open_request(world, layers)

        async def scenario() -> tuple[set[str], list[str], int]:
            handle = await start(services, world, request, layers)
            for username, action in (("approver1", "APPROVED"), ("approver2", "APPROVED"), ("tl2", "REJECTED")):
                await handle.execute_update(ApprovalWorkflow.decide,
                                            DecideInput(world.users[username].id, action, "replayed"))
            assert await handle.result() == "REJECTED"
            return await replay(services.temporal_address, f"WorkflowId = '{request.workflow_id}'")

        types, failures, count = run_async(scenario())
        assert types == {"ApprovalWorkflow"} and count == 1
        assert not failures, f"{len(failures)} of {count} histories failed to replay: {failures[:5]}"
