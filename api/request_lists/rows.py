"""The request lists' one join (the approver's queue, the lead and cost sheet request registers): a request with its
pipeline version, its lead, the lead's client, who asked and the stage it asks for, each under one alias the lists
select, search and sort by."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import aliased

from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.clients.models import Client
from api.leads.models import Lead, Stage
from api.users.models import User

Requester = aliased(User, name="requester")
ClientCompany = aliased(Client, name="client_company")
Target = aliased(Stage, name="target_stage")


# unscoped: a join each list scopes (the register by visibility, the queue by the approver's own tasks)
def request_rows(*columns: Any) -> Select[Any]:
    """select(*columns) over a request joined to its pipeline version, lead (every request is on one), client,
    requester and target stage; a list adds its own joins (the task, the approver, the sales person)."""
    return (select(*columns).select_from(ApprovalRequest)
            .join(ApprovalPipelineVersion, ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
            .join(Lead, Lead.id == ApprovalRequest.lead_id)
            .join(Requester, Requester.id == ApprovalRequest.requested_by)
            .outerjoin(ClientCompany, ClientCompany.id == Lead.client_id)
            .outerjoin(Target, Target.id == ApprovalRequest.target_stage_id))
