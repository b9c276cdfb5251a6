"""The approval workflow's steps around its handlers (workflows/approval.py): the database steps, run as local
activities and guarded (past their retries the request is flagged for operations, and run() writes again what the
workflow knows), what the request shows operators, and each layer's clock (remind, then escalate)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import CancelledError, FailureError

with workflow.unsafe.imports_passed_through():
    from workflows.activities.approvals import (
        escalate_layer,
        persist_request,
        remind_approvers,
        start_layer_clock,
        sync_approval_queue,
    )
    from workflows.contracts.approval import (
        ApprovalInput,
        Escalate,
        FinishRequest,
        Persist,
        RecordDecision,
        Remind,
        StartClock,
        SyncQueue,
    )
    from workflows.contracts.approval_rules import Deadline, LayerClock, RequestState, pending_approvers
    from workflows.contracts.search_attributes import NEEDS_ATTENTION, PENDING_APPROVERS, REQUEST_STATUS

# Short database writes run as local activities: retried like any activity, without a server round trip.
TIMEOUT = timedelta(seconds=30)
# Patch id: a decision keeps the PendingApprovers and RequestStatus search attributes current (older histories
# upserted nothing after their start).
OPERATOR_VIEW = "operator-view"
# Bounded: a step that keeps failing marks the request as needing attention instead of retrying for ever
# inside an Update; the workflow itself tries again later (AGAIN_AFTER), so nothing decided is lost.
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=10),
                    maximum_attempts=5)


class ApprovalSteps:
    """What ApprovalWorkflow's handlers and run() call; the workflow holds the state (set in its __init__)."""

    data: ApprovalInput
    state: RequestState
    lock: asyncio.Lock
    finished: bool
    attention: bool
    withdrawn_by: int | None

    def _describe(self) -> None:
        raise NotImplementedError

    async def _run_clock(self, index: int, deadline: Deadline, moved: Callable[[], bool]) -> None:
        """The layer's durable timers: when it is due its pending approvers are reminded, and when its escalation
        time comes it is escalated. Each timer is cancelled when the layer settles first; a restarted worker
        replays them from history and waits on for what is left."""
        clock = self.state.clock(index)
        if clock is None:
            times = await self._step(start_layer_clock, StartClock(
                self.data.request_id, index, workflow.now().isoformat(), deadline))
            if times is None or moved():
                return
            clock = LayerClock(layer=index, due_at=times.due_at, escalate_at=times.escalate_at)
            self.state.clocks.append(clock)
            self._show()
        if not await _until(clock.due_at, moved):
            return
        async with self.lock:  # a decision arriving now waits: the reminder goes to those still waiting
            if moved():
                return
            waiting = [a.id for a in pending_approvers(self.state)]
            at = workflow.now().isoformat()
            if await self._step(remind_approvers, Remind(self.data.request_id, index, waiting, at)) is None:
                return
            clock.reminded_at = at
            self._show()
        if clock.escalate_at is None or not await _until(clock.escalate_at, moved):
            return
        async with self.lock:
            if moved():
                return
            waiting = [a.id for a in pending_approvers(self.state)]
            at = workflow.now().isoformat()
            to = await self._step(escalate_layer, Escalate(self.data.request_id, index, deadline, waiting, at))
            if to is None or not to.id:  # nobody to escalate to (no team leader, or the requester themselves)
                return
            clock.escalated_to, clock.escalated_at = to, at
            self._show()

    async def _step(self, activity: Any, arg: Any) -> Any:
        """A clock's database step (a local activity); None when it failed past its retries."""
        return await self._guarded(workflow.execute_local_activity(activity, arg, start_to_close_timeout=TIMEOUT,
                                                                   retry_policy=RETRY))

    async def _guarded(self, step: Awaitable[Any]) -> Any:
        """Run a database step and answer its result; past its retries, flag the request for operations instead of
        failing (None then: run() writes what the workflow knows again)."""
        try:
            return await step
        except CancelledError:
            raise
        except FailureError:  # a local activity's failure arrives as its own error (ApplicationError, timeout)
            workflow.logger.exception("approval step failed past its retries; the request needs attention")
            self._flag(True)
            return None

    def _flag(self, attention: bool) -> None:
        self.attention = attention
        workflow.upsert_search_attributes([NEEDS_ATTENTION.value_set(attention)])
        self._describe()

    def _show(self) -> None:
        """After a decision: what the request waits on now, in the UI's current details and in its search
        attributes (`PendingApprovers = 'approver1'`, `RequestStatus = 'APPROVED'`)."""
        self._describe()
        if workflow.patched(OPERATOR_VIEW):
            workflow.upsert_search_attributes([
                PENDING_APPROVERS.value_set([a.username or str(a.id) for a in pending_approvers(self.state)]),
                REQUEST_STATUS.value_set(self.state.status)])

    async def _persist_again(self) -> None:
        """Write every decision and the queue or outcome as the workflow knows them (each step idempotent)."""
        decisions = [RecordDecision(self.data.request_id, d.layer, d.approver_id, d.action, d.note, d.decided_at,
                                    d.acting_id) for d in self.state.decisions]
        pending = [a.id for a in pending_approvers(self.state)]
        queue = SyncQueue(self.data.request_id, self.state.current, pending) \
            if self.state.status == "PENDING" else None
        finish = None if self.state.status == "PENDING" else self._finish_request()
        try:
            await workflow.execute_local_activity(persist_request, Persist(decisions, queue, finish),
                                                  start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
        except CancelledError:
            raise
        except FailureError:
            workflow.logger.exception("approval step failed again; the request still needs attention")
            return
        self.finished = finish is not None
        self._flag(False)

    def _finish_request(self) -> FinishRequest:
        if self.withdrawn_by is not None:
            return FinishRequest(self.data.request_id, self.state.status, self.withdrawn_by)
        last = self.state.decisions[-1].approver_id if self.state.decisions else None
        return FinishRequest(self.data.request_id, self.state.status, last)

    async def _sync_queue(self) -> None:
        if self.state.status == "PENDING":
            pending = [a.id for a in pending_approvers(self.state)]
            await workflow.execute_local_activity(sync_approval_queue,
                                            SyncQueue(self.data.request_id, self.state.current, pending),
                                            start_to_close_timeout=TIMEOUT, retry_policy=RETRY)


async def _until(at: str, moved: Callable[[], bool]) -> bool:
    """Wait until the ISO time `at` (a durable timer); False when the layer moved on first (the timer is
    cancelled), True when the time came."""
    left = (datetime.fromisoformat(at) - workflow.now()).total_seconds()
    if left > 0:
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(moved, timeout=left)
    return not moved()
