"""The approver's queue: the requests waiting for their decision, with the lead each one is on (its client, project
and stages, searched and sorted in SQL). It joins the two, so it lives with leads, above the approval engine."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from sqlalchemy import String, cast, select
from sqlalchemy.orm import Session, aliased

from api.approvals import delegates, outcomes
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest, ApprovalTask
from api.approvals.schemas import QueueRow
from api.core.listing import Listing, ListParams, Page, paged
from api.leads.models import Lead, Stage
from api.request_lists.rows import ClientCompany, Requester, Target, request_rows
from api.users.models import User


def _labels(session: Session, requests: list[ApprovalRequest]) -> dict[int, str]:
    """The names the request types give their requests in the queue (a cost sheet's revision, ...)."""
    by_type: dict[str, list[int]] = defaultdict(list)
    for req in requests:
        by_type[req.request_type].append(req.id)
    labels: dict[int, str] = {}
    for request_type, ids in by_type.items():
        label = outcomes.handler_for(request_type).queue_labels
        if label is not None:
            labels.update(label(session, ids))
    return labels


Current = aliased(Stage)
Approver = aliased(User)
# the current layer's deadline, as its workflow kept it (UTC ISO text: sorts as time does)
DUE_AT = ApprovalRequest.clocks.op("->")(cast(ApprovalRequest.current_layer, String)).op("->>")("dueAt")
QUEUE_SORT = {"requestedAt": ApprovalRequest.requested_at, "requestType": ApprovalRequest.request_type,
              "requestedByName": Requester.fullname, "clientName": ClientCompany.client_name,
              "projectName": Lead.project_name, "dueAt": DUE_AT}
QUEUE_CRITERIA = {"leadId": ApprovalRequest.lead_id}  # the lead's page asks what waits for the reader on it
QUEUE_LISTING = Listing(sort=QUEUE_SORT, criteria=QUEUE_CRITERIA, default=ApprovalRequest.requested_at,
                        tiebreak=ApprovalRequest.id.desc(), default_desc=True, count_by=ApprovalRequest.id,
                        search=(Lead.project_name, ClientCompany.client_name, Requester.fullname,
                                ApprovalRequest.request_type))


# unscoped: the approver's own tasks (delegates.tasks_offered_to)
def _offered_tasks(session: Session, actor: User) -> Any:
    """One open task per waiting request offered to the actor: a request met twice (the actor's own task and one
    they stand in for, or two approvers they stand in for) is counted and listed once, as their own when it is."""
    return (select(ApprovalTask.id).join(ApprovalRequest, ApprovalRequest.id == ApprovalTask.request_id)
            .where(delegates.tasks_offered_to(session, actor.id), ApprovalTask.status.in_(("PENDING", "PROCESSING")),
                   ApprovalRequest.status == "PENDING")
            .distinct(ApprovalTask.request_id)
            .order_by(ApprovalTask.request_id, ApprovalTask.approver_id != actor.id, ApprovalTask.id))


# unscoped: the approver's own tasks (delegates.tasks_offered_to)
def queue(*, session: Session, actor: User, params: ListParams) -> Page[QueueRow]:
    """The requests waiting for the actor's decision (as an approver, a delegate, or the person a layer was
    escalated to), with their deadline; each request once."""
    stmt = (request_rows(ApprovalRequest, ApprovalTask.status, Requester.fullname, ClientCompany.client_name,
                         Lead.project_name, Current.stage_name, Current.stage_description, Target.stage_name,
                         Target.stage_description, ApprovalPipelineVersion.layers, ApprovalTask.approver_id,
                         Approver.fullname, DUE_AT)
            .join(ApprovalTask, ApprovalTask.request_id == ApprovalRequest.id)
            .join(Approver, Approver.id == ApprovalTask.approver_id)
            .outerjoin(Current, Current.id == Lead.stage_id)
            .where(ApprovalTask.id.in_(_offered_tasks(session, actor))))
    found, total = paged(session, stmt, params, QUEUE_LISTING, entities=False)
    labels = _labels(session, [row[0] for row in found])
    rows: list[QueueRow] = []
    for (req, task_status, requester, client, project, cur, cur_desc, tgt, tgt_desc, layers, holder, holder_name,
         due) in found:
        current = f"{cur} {cur_desc}" if cur else None
        combined = labels.get(req.id) or (f"{current} → {tgt} {tgt_desc}" if tgt else current)
        here = layers[req.current_layer] if req.current_layer < len(layers) else None
        layer = here["name"] if here else None
        rows.append(QueueRow(approval_id=req.id, request_type=req.request_type, requested_by_name=requester,
                             client_name=client, project_name=project, requested_at=req.requested_at,
                             notes=req.notes, combined_stage_descriptions=combined,
                             current_stage_description=current, lead_id=req.lead_id, layer_name=layer,
                             current_stage=current, target_stage=f"{tgt} {tgt_desc}" if tgt else None,
                             processing=task_status == "PROCESSING",
                             due_at=datetime.fromisoformat(due) if due else None,
                             for_approver_name=holder_name if holder != actor.id else None,
                             escalated=holder == actor.id and here is not None and actor.id not in here["approvers"]))
    return Page[QueueRow](data=rows, total_rows=total)
