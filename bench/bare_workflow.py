"""The baseline of bench/approvals.py: a workflow that waits for one signal, then ends."""

from __future__ import annotations

from temporalio import workflow


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
