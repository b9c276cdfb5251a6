"""Every workflow history a test leaves behind replays under Temporal's strict sandbox.

The worker runs workflows outside the sandbox (it cost a fifth of its CPU per approval), so their determinism is
proven here instead: after each test that ran workflows (one that used the in-process `worker` or a live server),
the histories that closed during it replay under the default sandbox, which refuses non-deterministic calls, and
must give the commands the real run recorded. Each test checks its own, so no test needs another to have run."""

from __future__ import annotations

from datetime import datetime

from temporalio.worker import Replayer
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

from tests import sealed
from worker.request_ids import RequestIdWorkerInterceptor
from worker.sealing import SealedInputs
from workflows.registry import WORKFLOWS

LIMIT = 500  # histories replayed at most after one test, newest first


def closed_since(moment: datetime) -> str:
    """The visibility query of the workflows closed at or after `moment` (UTC)."""
    return f"ExecutionStatus != 'Running' AND CloseTime >= '{moment.strftime('%Y-%m-%dT%H:%M:%S.%fZ')}'"


def replayer_of_the_worker() -> Replayer:
    """A replayer that opens sealed payloads and checks sealing as the worker does, under the strict sandbox."""
    return Replayer(workflows=WORKFLOWS, workflow_runner=SandboxedWorkflowRunner(), data_converter=sealed.converter(),
                    interceptors=[SealedInputs(), RequestIdWorkerInterceptor()])


async def replay(address: str, query: str) -> tuple[set[str], list[str], int]:
    """Replays the histories `query` selects; answers their workflow types, the failures and how many replayed."""
    client = await sealed.connect(address)
    replayer = replayer_of_the_worker()
    types: set[str] = set()
    failures: list[str] = []
    count = 0
    async for history in client.list_workflows(query, limit=LIMIT).map_histories():
        result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
        count += 1
        types.add(history.events[0].workflow_execution_started_event_attributes.workflow_type.name)
        if result.replay_failure is not None:
            failures.append(f"{history.workflow_id}: {result.replay_failure!r}")
    return types, failures, count
