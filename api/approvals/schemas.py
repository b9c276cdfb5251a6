"""Approval payloads (spec 2 §3.3, §7 Approval; spec 3 §3 approval flow layer)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, WithJsonSchema

from api.core.inputs import Id
from api.core.schemas import CamelModel
from workflows.contracts.approval_rules import NOTE_LIMIT, NOTE_TOO_LONG

RequestType = Literal["CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD", "CLOSE_LEAD"]
ActionType = Literal["CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD", "CLOSE_LEAD", "PCS"]  # models.ACTION_TYPES


DeadlineUnit = Literal["HOURS", "C", "W"]
EscalateTo = Literal["NONE", "TEAM_LEADER", "USER"]


class DeadlineOut(CamelModel):
    amount: int
    unit: DeadlineUnit
    escalate_after: int
    escalate_to: EscalateTo
    escalate_user_id: int | None
    escalate_user_name: str | None = None


class PickableUser(CamelModel):
    id: int
    fullname: str
    role_name: str
    role_description: str
    can_decide: bool  # their role may decide in the approval queue: only they are offered as approvers and delegates
    leads_team: bool = False  # an active user reports to them: a team (a layer condition's TEAM is its leader)


def _note_fits(value: str | None) -> str | None:
    if value is not None and len(value) > NOTE_LIMIT:
        raise ValueError(NOTE_TOO_LONG)
    return value


_NOTE_SCHEMA = WithJsonSchema({"anyOf": [{"type": "string", "maxLength": NOTE_LIMIT}, {"type": "null"}]})
Note = Annotated[str | None, AfterValidator(_note_fits), _NOTE_SCHEMA]
# A decision's note is judged by the approval rules (typed refusals: NoteRequired, NoteTooLong); the contract
# still says how long it may be.
DecisionNote = Annotated[str | None, _NOTE_SCHEMA]


class RequestIn(CamelModel):
    request_type: RequestType
    target_stage_id: Id | None = None
    notes: Note = None


class RequestOut(CamelModel):
    approval_id: int
    workflow_id: str
    status: str
    message: str = Field(description="What the requester is told: \"Your request to move 'Core Banking' (PT Maju) "
                         "to E4 Proposal was sent to Hendra Gunawan.\"")


class QueueRow(CamelModel):
    """A row of the approver's queue (spec 2 §3.3)."""

    approval_id: int
    request_type: str
    requested_by_name: str
    client_name: str | None
    project_name: str | None
    requested_at: datetime
    notes: str | None
    combined_stage_descriptions: str | None
    current_stage_description: str | None
    current_stage: str | None  # "E3 Qualified"
    target_stage: str | None  # "E4 Proposal" for a stage change
    lead_id: int | None
    layer_name: str | None
    processing: bool = False  # the caller's decision was received and is being applied
    due_at: datetime | None = Field(default=None, description="When the current layer is due (its deadline)")
    for_approver_name: str | None = Field(
        default=None, description="Offered to the caller as a delegate: they decide for this approver")
    escalated: bool = Field(default=False, description="Escalated to the caller, who decides in the place of the "
                                                       "approvers still waiting")


class DecisionIn(CamelModel):
    approvers_action: Literal["APPROVED", "REJECTED"]
    note: DecisionNote = None  # required to reject, at most NOTE_LIMIT: the rules say so, with their types
    for_user_id: Id | None = Field(default=None, description="Decide as this approver's delegate (by default the "
                                   "caller's own turn first, then the first approver who delegates to them)")


class TimelineApproverOut(CamelModel):
    id: int
    username: str
    action_type: str | None
    note: str | None
    approved_at: str | None
    processing: bool = False
    acting_name: str | None = Field(default=None, description="The delegate who decided for this approver: "
                                                              "'{actingName} for {username}'")
    escalated: bool = Field(default=False, description="Not one of the layer's approvers: it was escalated to them")


class TimelineLayerOut(CamelModel):
    layer_name: str
    approval_type: str
    seq_no: int
    min_approvals: int
    layer_status: str  # every layer of an approved request is APPROVED: shown as it is
    label: str  # "checked by", "acknowledged by", "approved by" (spec 3 §2.5)
    approvers: list[TimelineApproverOut]
    deadline: DeadlineOut | None = None
    due_at: str | None = None
    reminded_at: str | None = None
    escalated_to_name: str | None = None
    escalated_at: str | None = None
    skipped: str | None = Field(default=None, description="Why the request's route leaves the layer out (its "
                                "layer_status is SKIPPED): 'GP 800 M < 1 B'")
    conditions: list[str] = Field(default_factory=list, description="The layer's conditions: 'GP >= 1 B'")


class TimelineOut(CamelModel):
    approval_id: int
    status: str
    request_type: str
    requested_at: datetime
    workflow_id: str
    temporal_url: str | None
    layers: list[TimelineLayerOut]
    processing: bool = False  # a decision was received and is being applied
    needs_attention: bool = False  # a step failed past its retries; the workflow keeps it and tries again
    message: str | None = None
    requested_by_name: str | None = None
    on_behalf_of_name: str | None = Field(default=None, description="The sales person an administrator made it for")
    withdrawn_by_name: str | None = Field(default=None, description="Who withdrew it (or is withdrawing it)")
    withdraw_reason: str | None = None
    withdrawn_at: datetime | None = None


class OverlapOut(CamelModel):
    sales_person_id: int | None  # None: the other pipeline names nobody (it covers every sales person)
    sales_person_name: str | None
    pipeline_id: int
    pipeline_name: str


class OverlapCheck(CamelModel):
    conflicts: list[OverlapOut]
    messages: list[str]


# -- the request registers (system/lead-approval, system/pcs-approval) ------------------------------------------

class RegisterRow(CamelModel):
    """A request as the registers list it."""

    approval_id: int
    request_type: str
    request_type_label: str
    status: str = Field(description="PENDING, APPROVED, REJECTED or WITHDRAWN")
    lead_id: int
    project_name: str | None
    client_name: str | None
    sales_person_id: int | None
    sales_person_name: str | None
    requested_by_id: int
    requested_by_name: str | None
    on_behalf_of_name: str | None = Field(description="Set when an administrator made it for the sales person: "
                                                      "'by {requestedByName} on behalf of {onBehalfOfName}'")
    requested_at: datetime
    decided_at: datetime | None
    target_stage_name: str | None
    revision: int | None = Field(default=None, description="The cost sheet revision (PCS requests)")
    notes: str | None
    withdrawing: bool = Field(description="A withdrawal was received and is being applied")


class RegisterDetail(CamelModel):
    request: RegisterRow
    timeline: TimelineOut
    can_withdraw: bool = Field(description="Pending, and the caller may withdraw (edit on the page)")


class OnBehalfIn(RequestIn):
    """A request made for the lead's sales person (the same fields as the sales screens send)."""

    lead_id: Id


class WithdrawIn(CamelModel):
    reason: str = Field(max_length=NOTE_LIMIT, description="Why it is withdrawn (required)")


DelegationState = Literal["CURRENT", "UPCOMING", "PAST"]


class DelegationIn(CamelModel):
    """An approver's delegate for a period (out of office); the service checks each rule with its message."""

    delegator_id: Id | None = Field(default=None, description="The approver (by default the caller; another "
                                    "approver's only for who may edit approval pipelines)")
    delegate_id: Id | None = None
    starts_on: date | None = Field(default=None, description="First day, in the company's time zone")
    ends_on: date | None = Field(default=None, description="Last day (inclusive)")
    request_type: ActionType | None = Field(default=None, description="One request type, or none for every type")
    note: str | None = Field(default=None, max_length=500)


class DelegationOut(CamelModel):
    id: int
    delegator_id: int
    delegator_name: str
    delegate_id: int
    delegate_name: str
    starts_on: date
    ends_on: date
    request_type: str | None
    note: str | None
    state: DelegationState = Field(description="CURRENT (today is in its period), UPCOMING or PAST")
    created_by_name: str | None
    created_at: datetime

# -- decisions from the mail's links and in bulk (api/approvals/mail_decisions.py, bulk.py) ---------------------

class LinkOut(CamelModel):
    """What a mail's Approve or Reject link will decide, for its confirmation page."""

    approval_id: int
    action: Literal["APPROVED", "REJECTED"]
    request_type: str
    request_type_label: str
    request: str = Field(description="What is asked: \"hold 'Core Banking' (PT Maju)\"")
    project_name: str
    client_name: str | None
    requested_by_name: str
    requested_at: datetime
    notes: str | None
    layer_name: str
    layer_number: int = Field(description="1-based")
    layer_count: int
    approver_name: str = Field(description="Who the link decides as (the approver it was mailed to)")
    expires_at: datetime
    note_required: bool = Field(description="A rejection needs its description")


class LinkDecisionIn(CamelModel):
    note: DecisionNote = None  # required to reject, at most NOTE_LIMIT (the rules' refusals, as in the app)


class LinkDecisionOut(CamelModel):
    approval_id: int
    action: Literal["APPROVED", "REJECTED"]
    outcome: Literal["APPROVED", "REJECTED", "PROCESSING"] = Field(
        description="PROCESSING: received, and applied shortly (the app's 202)")
    status: str = Field(description="The request's status now: PENDING (other layers or approvers still to "
                                    "decide), APPROVED or REJECTED")
    message: str


BULK_MAX = 50


class BulkDecisionIn(CamelModel):
    approval_ids: list[Id] = Field(min_length=1, max_length=BULK_MAX)
    approvers_action: Literal["APPROVED", "REJECTED"] = "APPROVED"
    note: DecisionNote = None  # one note for every request (required to reject)


class BulkItemOut(CamelModel):
    approval_id: int
    outcome: Literal["APPROVED", "REJECTED", "PROCESSING", "REFUSED"] = Field(
        description="PROCESSING: received, applied shortly; REFUSED: nothing changed, `message` says why")
    message: str
    refusal_type: str | None = Field(default=None, description="The refusal's type (NotAnApprover, "
                                                               "AlreadyDecided, RequestFinished, NotFound...)")


class BulkDecisionOut(CamelModel):
    items: list[BulkItemOut]
    decided: int
    refused: int
