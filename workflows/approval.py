"""ApprovalWorkflow: one per request. Approvers decide through the `decide` Update, whose validator refuses
what the rules refuse; a lock makes concurrent decisions take turns, so each layer settles exactly once."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError, WorkflowAlreadyStartedError

from workflows.approval_details import AGAIN_AFTER, current_details
from workflows.approval_steps import RETRY, TIMEOUT, ApprovalSteps

with workflow.unsafe.imports_passed_through():
    from workflows.activities.approvals import (
        finish_approval_request,
        record_decision_and_finish,
        record_decision_and_sync,
        route_approval_request,
    )
    from workflows.contracts.approval import (
        WITHDRAWN,
        ApprovalInput,
        DecideInput,
        DecisionStep,
        FinalStep,
        OwnerInput,
        RecordDecision,
        RouteRequest,
        SyncQueue,
        Timeline,
        WithdrawInput,
        starts_pid,
        timeline_of,
    )
    from workflows.contracts.approval_rules import (
        Decision,
        RequestState,
        apply,
        asked_first,
        finished_message,
        pending_approvers,
        refusal,
        take_route,
    )
    from workflows.contracts.pid import PidInput, pid_workflow_id
    from workflows.contracts.search_attributes import (
        CRM_LEAD_ID,
        REQUESTED_BY,
    )
    from workflows.pid import PidWorkflow

# Patch id: the final decision applies the outcome inside the update (older histories do it in run()).
FINISH_IN_UPDATE = "finish-in-update"
# Patch id: a layer with a deadline keeps durable timers (remind, then escalate); older histories had none.
DEADLINES = "layer-deadlines"
# Deciding a route waits for the database as long as it takes (nothing is queued before it is decided).
ROUTE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=30))


@workflow.defn
class ApprovalWorkflow(ApprovalSteps):
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
        # a request whose layers carry conditions decides its route first (run()); a decision sent meanwhile waits
        self.routed = not any(layer.conditions for layer in data.layers)
        self._describe()

    def _describe(self) -> None:
        """What the Temporal UI's current details say (metadata: no history event, so it may change freely)."""
        workflow.set_current_details(current_details(self.state, self.attention, time_zone=self.data.time_zone,
                                                     owner=self.owner_now))

    @workflow.run
    async def run(self, data: ApprovalInput) -> str:
        if self.routed:
            await self._guarded(self._sync_queue())
        else:
            await self._take_route()
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

    async def _take_route(self) -> None:
        """Decide the route on the request's facts (an activity, once: a replay reads its answer from history) and
        queue the first layer it goes through. Retried until the database answers: nothing is queued before."""
        data = self.data
        routed = await workflow.execute_local_activity(
            route_approval_request,
            RouteRequest(data.request_id, data.request_type, data.lead_id, data.target_stage_id,
                         [layer.conditions for layer in data.layers], asked_first(data.layers),
                         [layer.name for layer in data.layers]),
            start_to_close_timeout=TIMEOUT, retry_policy=ROUTE_RETRY)
        take_route(self.state, routed.skips)
        self.routed = True
        if self.state.current == data.first_layer:
            self._describe()  # its start named these approvers already
        else:
            self._show()

    def _as_routed(self) -> RequestState:
        """What a decision is checked against: the request's state, or before its route is decided, the route the
        API expects (its first layer named when the request was made, on the same facts)."""
        if self.routed:
            return self.state
        return RequestState(layers=self.state.layers, owners=self.state.owners, current=self.data.first_layer)

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

    async def _start_pid(self, lead_id: int, task_queue: str) -> None:
        """An approved cost sheet gets its PID: the lead's PidWorkflow runs on after this one ends."""
        # already running (someone asked for it): that run hands out the PID
        with contextlib.suppress(WorkflowAlreadyStartedError):
            await workflow.start_child_workflow(
                PidWorkflow.run, PidInput(lead_id=lead_id), id=pid_workflow_id(lead_id, task_queue),
                parent_close_policy=workflow.ParentClosePolicy.ABANDON,
                static_summary=f"PID of lead {lead_id}, its cost sheet approved in request #{self.data.request_id}",
                search_attributes=TypedSearchAttributes([SearchAttributePair(CRM_LEAD_ID, lead_id)]))

    @workflow.update
    async def decide(self, decision: DecideInput) -> Timeline:
        if not self.routed:  # sent before the route is decided: it waits for it (and is checked again below)
            await workflow.wait_condition(lambda: self.routed)
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
        reason = refusal(self._as_routed(), decision.approver_id, decision.action, decision.note, decision.acting_id)
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
