"""Every closed workflow history of the test session replays under Temporal's strict sandbox."""

from __future__ import annotations

import pytest
from temporalio.client import Client
from temporalio.worker import Replayer
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

from tests.conftest import Services, run_async
from tests.workflows.test_approval_workflow import World, approver, open_request, start
from tests.workflows.test_approval_workflow import world as world
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.approval_rules import Layer
from workflows.registry import WORKFLOWS


@pytest.mark.last
class TestDeterminism:
    """The worker runs workflows outside Temporal's sandbox (it cost a fifth of its CPU per approval), so their
    determinism is proven here instead: closed histories on the test server (this test's own request, and
    whatever every test before it ran: approvals in each mode, PIDs, sweeps, mails) replay under the strict
    default sandbox, which refuses non-deterministic calls, and must give the commands the real run recorded.
    Marked `last`: it runs after every other test of the session, so it replays what they all left."""

    LIMIT = 2000  # histories replayed at most, newest first (a full test run leaves a few hundred)

    def test_every_history_replays_under_the_strict_sandbox(self, services: Services, world: World) -> None:
        layers = [Layer("One", "IN_SEQUENCE", [approver(world, "approver1"), approver(world, "approver2")]),
                  Layer("Two", "SEVERAL_USER", [approver(world, "tl1"), approver(world, "tl2")], min_approvals=1)]
        request = open_request(world, layers)

        async def scenario() -> tuple[set[str], list[str], int]:
            handle = await start(services, world, request, layers)
            for username, action in (("approver1", "APPROVED"), ("approver2", "APPROVED"), ("tl2", "REJECTED")):
                await handle.execute_update(ApprovalWorkflow.decide,
                                            DecideInput(world.users[username].id, action, "replayed"))
            assert await handle.result() == "REJECTED"
            client = await Client.connect(services.temporal_address)
            replayer = Replayer(workflows=WORKFLOWS, workflow_runner=SandboxedWorkflowRunner())
            types: set[str] = set()
            failures: list[str] = []
            count = 0
            async for history in client.list_workflows("ExecutionStatus != 'Running'",
                                                       limit=self.LIMIT).map_histories():
                result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
                count += 1
                types.add(history.events[0].workflow_execution_started_event_attributes.workflow_type.name)
                if result.replay_failure is not None:
                    failures.append(f"{history.workflow_id}: {result.replay_failure!r}")
            return types, failures, count

        types, failures, count = run_async(scenario())
        assert "ApprovalWorkflow" in types
        assert not failures, f"{len(failures)} of {count} histories failed to replay: {failures[:5]}"
