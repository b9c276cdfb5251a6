"""The baselines of bench/approvals.py: a workflow that waits for one signal, then ends; and the approval's shape
without the CRM (a local activity at its start, then two updates each running one, no database, no sealing), bare or
with the approval's operator view (its search attributes, summary and details)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity, workflow

with workflow.unsafe.imports_passed_through():
    from workflows.contracts.search_attributes import PENDING_APPROVERS, REQUEST_STATUS


@workflow.defn
class BareWorkflow:
    def __init__(self) -> None:
        self.done = False

    @workflow.run
    async def run(self) -> str:
        await workflow.wait_condition(lambda: self.done)
        return "APPROVED"

    @workflow.signal
    def approve(self) -> None:
        self.done = True


@activity.defn
def step(n: int) -> int:
    return n


@workflow.defn
class ShapeWorkflow:
    """What the approval asks of Temporal, with nothing of the CRM: a local activity at the start (the queue), one
    per update (each decision's write), the second update ending it. `shown`: with the operator view too (started
    with the approval's search attributes, summary and details; each decision upserts two of them)."""

    @workflow.init
    def __init__(self, shown: bool = False) -> None:
        self.decided = 0
        self.shown = shown

    @workflow.run
    async def run(self, shown: bool = False) -> str:
        await workflow.execute_local_activity(step, 0, start_to_close_timeout=timedelta(seconds=30))
        await workflow.wait_condition(lambda: self.decided == 2)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return "APPROVED"

    @workflow.update
    async def decide(self, layer: int) -> int:
        await workflow.execute_local_activity(step, layer, start_to_close_timeout=timedelta(seconds=30))
        self.decided += 1
        if self.shown:  # what the approval keeps current for operators after each decision
            workflow.upsert_search_attributes([
                PENDING_APPROVERS.value_set(["approver2"] if self.decided == 1 else []),
                REQUEST_STATUS.value_set("PENDING" if self.decided == 1 else "APPROVED")])
        return self.decided
