"""The typed verdict of a workflow Update (api/core/temporal/updates.py), one per way a call ends, on the session's
real Temporal server: the update ran, its validator refused it, the workflow had closed, no verdict in time. Every
caller that sends an approval's updates (decide, withdraw, a new owner, the sweeps, bulk and mail decisions) reads
these and nothing else."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from temporalio import workflow
from temporalio.client import Client
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from api.core.temporal import Applied, Closed, Refused, Unconfirmed, updates
from tests import sealed
from tests.conftest import Services, run_async


@workflow.defn(sandboxed=False)
class Gate:
    """Waits for one update that settles it; "no" is refused by the validator, "hang" never answers."""

    def __init__(self) -> None:
        self.settled = False

    @workflow.run
    async def run(self) -> str:
        await workflow.wait_condition(lambda: self.settled)
        return "APPROVED"

    @workflow.update
    async def decide(self, action: str) -> str:
        if action == "hang":
            await workflow.wait_condition(lambda: False)
        self.settled = True
        return f"applied {action}"

    @decide.validator
    def check(self, action: str) -> None:
        if action == "no":
            raise ApplicationError("You cannot decide your own request.", type="OwnRequest")


def on_gate(services: Services, test: Callable[[Client, str], Awaitable[Any]]) -> Any:
    """Runs `test(client, workflow_id)` with a Gate workflow started on its own task queue and a worker for it."""
    async def go() -> Any:
        client = await sealed.connect(services.temporal_address)
        queue = f"update-results-{uuid.uuid4().hex[:8]}"
        async with Worker(client, task_queue=queue, workflows=[Gate]):
            handle = await client.start_workflow(Gate.run, id=queue, task_queue=queue)
            return await test(client, handle.id)

    return run_async(go())


def send(client: Client, workflow_id: str, action: str, *, timeout: float = 10) -> Awaitable[Any]:
    return updates.execute(client, workflow_id, "decide", action, update_id=f"{workflow_id}-{action}",
                           timeout=timeout, result_type=str)


def test_an_update_that_ran_is_applied_with_its_answer(services: Services) -> None:
    assert on_gate(services, lambda client, wid: send(client, wid, "yes")) == Applied("applied yes")


def test_an_update_its_validator_refuses_is_refused_with_the_rules_type_and_message(services: Services) -> None:
    assert on_gate(services, lambda client, wid: send(client, wid, "no")) == \
        Refused("OwnRequest", "You cannot decide your own request.")


def test_an_update_sent_to_a_closed_workflow_is_closed_with_its_outcome(services: Services) -> None:
    async def test(client: Client, wid: str) -> Any:
        assert isinstance(await send(client, wid, "yes"), Applied)
        await client.get_workflow_handle(wid).result()
        return await send(client, wid, "late")  # another update id: not the one already applied

    assert on_gate(services, test) == Closed("APPROVED")


def test_an_update_without_a_verdict_in_time_is_unconfirmed(services: Services) -> None:
    verdict = on_gate(services, lambda client, wid: send(client, wid, "hang", timeout=0.5))
    assert isinstance(verdict, Unconfirmed) and "0.5 s" in verdict.reason
