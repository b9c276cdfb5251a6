"""ApprovalWorkflow: one per request. Approvers decide through the `decide` Update, whose validator refuses
what the rules refuse; a lock makes concurrent decisions take turns, so each layer settles exactly once."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError, CancelledError, FailureError, WorkflowAlreadyStartedError

from workflows.approval_details import AGAIN_AFTER, current_details

with workflow.unsafe.imports_passed_through():
    from workflows.activities.approvals import (
        escalate_layer,
        finish_approval_request,
        persist_request,
        record_decision_and_finish,
        record_decision_and_sync,
        remind_approvers,
        start_layer_clock,
        sync_approval_queue,
    )
    from workflows.contracts.approval import (
        WITHDRAWN,
        ApprovalInput,
        DecideInput,
        DecisionStep,
        Escalate,
        FinalStep,
        FinishRequest,
        OwnerInput,
        Persist,
        RecordDecision,
        Remind,
        StartClock,
        SyncQueue,
        Timeline,
        WithdrawInput,
        starts_pid,
        timeline_of,
    )
    from workflows.contracts.approval_rules import (
        Deadline,
        Decision,
        LayerClock,
        RequestState,
        apply,
        finished_message,
        pending_approvers,
        refusal,
    )
    from workflows.contracts.pid import PidInput, pid_workflow_id
    from workflows.contracts.search_attributes import (
        CRM_LEAD_ID,
        NEEDS_ATTENTION,
        PENDING_APPROVERS,
        REQUEST_STATUS,
        REQUESTED_BY,
    )
    from workflows.pid import PidWorkflow

# Short database writes run as local activities: retried like any activity, without a server round trip.
TIMEOUT = timedelta(seconds=30)
# Patch id: the final decision applies the outcome inside the update (older histories do it in run()).
FINISH_IN_UPDATE = "finish-in-update"
# Patch id: a decision keeps the PendingApprovers and RequestStatus search attributes current (older histories
# upserted nothing after their start).
OPERATOR_VIEW = "operator-view"
# Bounded: a step that keeps failing marks the request as needing attention instead of retrying for ever
# inside an Update; the workflow itself tries again later (AGAIN_AFTER), so nothing decided is lost.
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=10),
                    maximum_attempts=5)
# Patch id: a layer with a deadline keeps durable timers (remind, then escalate); older histories had none.
DEADLINES = "layer-deadlines"


@workflow.defn
class ApprovalWorkflow:
    @workflow.init
    def __init__(self, data: ApprovalInput) -> None:
        self.data = data
        owners = [data.requested_by] + ([data.on_behalf_of] if data.on_behalf_of is not None else [])
        self.state = RequestState(layers=data.layers, owners=owners)
        self.lock = asyncio.Lock()
        self.finished = False  # the outcome has been applied (by the deciding update)
        self.attention = False  # a database step failed past its retries; run() persists the state again
        self.withdrawn_by: int | None = None  # who withdrew the request (its status is WITHDRAWN then)
        self.owner_now: str | None = None  # whom a reassignment gave the request to (the summary names the requester)
        self._describe()

    def _describe(self) -> None:
        """What the Temporal UI's current details say (metadata: no history event, so it may change freely)."""
        workflow.set_current_details(current_details(self.state, self.attention, time_zone=self.data.time_zone,
                                                     owner=self.owner_now))

    @workflow.run
    async def run(self, data: ApprovalInput) -> str:
        await self._guarded(self._sync_queue())
        while True:
            await self._until_settled()
            await workflow.wait_condition(workflow.all_handlers_finished)
            if not self.attention:
                break
            await workflow.sleep(AGAIN_AFTER)
            await self._persist_again()
        if not self.finished:  # histories from before FINISH_IN_UPDATE apply the outcome here
            await workflow.execute_local_activity(finish_approval_request, self._finish_request(),
                                            start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
        if self.state.status == "APPROVED" and starts_pid(data):
            await self._start_pid(data.lead_id, data.task_queue)
        return self.state.status

    def _over(self) -> bool:
        return self.state.status != "PENDING" or self.attention

    async def _until_settled(self) -> None:
        """Wait for the request to end; meanwhile each layer with a deadline runs its clock."""
        while not self._over():
            index = self.state.current
            deadline = self.state.layers[index].deadline

            def moved(index: int = index) -> bool:
                return self._over() or self.state.current != index

            if deadline is not None and workflow.patched(DEADLINES):
                await self._run_clock(index, deadline, moved)
            await workflow.wait_condition(moved)

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

    async def _start_pid(self, lead_id: int, task_queue: str) -> None:
        """An approved cost sheet gets its PID: the lead's PidWorkflow runs on after this one ends."""
        # already running (someone asked for it): that run hands out the PID
        with contextlib.suppress(WorkflowAlreadyStartedError):
            await workflow.start_child_workflow(
                PidWorkflow.run, PidInput(lead_id=lead_id), id=pid_workflow_id(lead_id, task_queue),
                parent_close_policy=workflow.ParentClosePolicy.ABANDON,
                static_summary=f"PID of lead {lead_id}, its cost sheet approved in request #{self.data.request_id}",
                search_attributes=TypedSearchAttributes([SearchAttributePair(CRM_LEAD_ID, lead_id)]))

    async def _sync_queue(self) -> None:
        if self.state.status == "PENDING":
            pending = [a.id for a in pending_approvers(self.state)]
            await workflow.execute_local_activity(sync_approval_queue,
                                            SyncQueue(self.data.request_id, self.state.current, pending),
                                            start_to_close_timeout=TIMEOUT, retry_policy=RETRY)

    @workflow.update
    async def decide(self, decision: DecideInput) -> Timeline:
        async with self.lock:
            # Checked again under the lock: another decision may have settled the layer meanwhile.
            reason = refusal(self.state, decision.approver_id, decision.action, decision.note, decision.acting_id)
            if reason:
                raise ApplicationError(reason.message, type=reason.type, non_retryable=True)
            made = Decision(layer=self.state.current, approver_id=decision.approver_id, action=decision.action,
                            note=(decision.note or "").strip() or None, decided_at=workflow.now().isoformat(),
                            acting_id=decision.acting_id, acting_name=decision.acting_name)
            apply(self.state, made)
            self._show()
            record = RecordDecision(self.data.request_id, made.layer, made.approver_id, made.action, made.note,
                                    made.decided_at, made.acting_id)
            if self.attention:  # an earlier step is still to be written: run() writes this one with it
                return self.timeline()
            if self.state.status != "PENDING" and workflow.patched(FINISH_IN_UPDATE):
                # the deciding approval or rejection applies the outcome before it answers: when the approver's
                # call returns, the lead already shows it (and one activity does both writes)
                await self._guarded(workflow.execute_local_activity(
                    record_decision_and_finish, FinalStep(record, self._finish_request()),
                    start_to_close_timeout=TIMEOUT, retry_policy=RETRY))
                self.finished = not self.attention
            else:
                pending = [a.id for a in pending_approvers(self.state)]
                queue = SyncQueue(self.data.request_id, self.state.current, pending) \
                    if self.state.status == "PENDING" else None
                await self._guarded(workflow.execute_local_activity(
                    record_decision_and_sync, DecisionStep(record, queue),
                    start_to_close_timeout=TIMEOUT, retry_policy=RETRY))
            return self.timeline()

    @decide.validator
    def validate_decide(self, decision: DecideInput) -> None:
        reason = refusal(self.state, decision.approver_id, decision.action, decision.note, decision.acting_id)
        if reason:
            raise ApplicationError(reason.message, type=reason.type, non_retryable=True)

    @workflow.update
    async def withdraw(self, data: WithdrawInput) -> Timeline:
        """An administrator withdraws the pending request: it ends without its outcome (its lead goes back to the
        status it had, its cost sheet to draft); a decision arriving after it is refused as finished."""
        async with self.lock:
            # checked again under the lock: a decision may have ended the request meanwhile
            if self.state.status != "PENDING":
                raise ApplicationError(finished_message(self.state.status), type="RequestFinished",
                                       non_retryable=True)
            self.state.status, self.withdrawn_by = WITHDRAWN, data.actor_id
            self._show()
            if not self.attention:  # otherwise run() writes the outcome with what it still has to write
                await self._guarded(workflow.execute_local_activity(
                    finish_approval_request, self._finish_request(), start_to_close_timeout=TIMEOUT,
                    retry_policy=RETRY))
                self.finished = not self.attention
            return self.timeline()

    @withdraw.validator
    def validate_withdraw(self, data: WithdrawInput) -> None:
        if self.state.status != "PENDING":
            raise ApplicationError(finished_message(self.state.status), type="RequestFinished", non_retryable=True)

    @workflow.update
    def owner(self, data: OwnerInput) -> None:
        """A reassignment moved the request's lead to another sales person: the request is theirs now. Its
        `RequestedBy` search attribute names them (an operator searching by the new owner finds it), and the rule
        that nobody decides their own request as a delegate follows. A new handler, not a changed path: a history
        recorded before it has no such update and replays as it ran."""
        self.data.requested_by, self.data.on_behalf_of = data.requested_by, data.on_behalf_of
        self.state.owners = [data.requested_by] + ([data.on_behalf_of] if data.on_behalf_of is not None else [])
        workflow.upsert_search_attributes([REQUESTED_BY.value_set(data.requested_by_username
                                                                  or str(data.requested_by))])
        self.owner_now = data.requested_by_username or str(data.requested_by)
        self._describe()

    @owner.validator
    def validate_owner(self, data: OwnerInput) -> None:
        if self.state.status != "PENDING":
            raise ApplicationError(finished_message(self.state.status), type="RequestFinished", non_retryable=True)

    @workflow.query
    def timeline(self) -> Timeline:
        return timeline_of(self.data.request_id, self.state, self.attention)


async def _until(at: str, moved: Callable[[], bool]) -> bool:
    """Wait until the ISO time `at` (a durable timer); False when the layer moved on first (the timer is
    cancelled), True when the time came."""
    left = (datetime.fromisoformat(at) - workflow.now()).total_seconds()
    if left > 0:
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(moved, timeout=left)
    return not moved()
