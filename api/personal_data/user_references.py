"""Every column that points at a user, decided once for a user's erasure: the tables whose rows of the user are
deleted (their own data: each domain's erasure names its own), and the references kept (a business record counts by
the id, which stays; the row it points at is anonymised). A new reference to `users.id` fails
tests/integration/personal_data/test_user_erasure.py until it is placed in one or the other."""

from __future__ import annotations

from api.activities import erasure as activities_erasure
from api.auth import erasure as auth_erasure
from api.leads import erasure as leads_erasure
from api.notifications import erasure as notifications_erasure
from api.saved_views import erasure as views_erasure

DELETED = frozenset(model.__tablename__ for model in (*auth_erasure.DELETED, *views_erasure.DELETED,
                                                      *notifications_erasure.DELETED, *activities_erasure.DELETED,
                                                      *leads_erasure.DELETED))

# table.column -> why it is kept
KEPT: dict[str, str] = {
    "users.leader_id": "the hierarchy as it was: team figures walk it",
    "leads.sales_person_id": "the lead's owner: every figure and target counts by it (open leads refuse the erasure)",
    "leads.closed_by_id": "who a closed lead's GP is credited to",
    "leads.created_by": "the record's author",
    "lead_histories.changed_by": "the lead's history",
    "activities.created_by": "the lead's timeline and activity counts",
    "activity_schedules.owner_id": "the lead's plans",
    "approval_requests.requested_by": "a decided request (pending ones refuse the erasure)",
    "approval_requests.on_behalf_of": "a decided request",
    "approval_requests.withdrawn_by": "a decided request",
    "approval_tasks.approver_id": "a settled task (waiting ones refuse the erasure)",
    "approval_tasks.submitted_by": "a settled task",
    "approval_decisions.approver_id": "a decision and the request's outcome",
    "approval_decisions.acting_user_id": "a delegate's decision",
    "approval_delegations.delegator_id": "who decided for whom",
    "approval_delegations.delegate_id": "who decided for whom",
    "approval_delegations.created_by": "the record's author",
    "approval_link_uses.user_id": "a used mail link (single use)",
    "approval_pipeline_versions.created_by": "the record's author",
    "approval_pipeline_sales.user_id": "which pipeline routes their requests (none can be made: deactivated)",
    "audit_entries.actor_id": "who acted (the name shown is the placeholder)",
    "project_cost_sheets.created_by": "the cost sheet's numbers",
    "project_cost_sheets.updated_by": "the cost sheet's numbers",
    "contacts.created_by": "the record's author",
    "contacts.updated_by": "the record's author",
    "contact_histories.created_by": "the contact's history",
    "clients.created_by": "the record's author",
    "clients.updated_by": "the record's author",
    "dashboard_ongoing.sales_person_id": "the dashboard's figures",
    "dashboard_closed_months.sales_person_id": "the dashboard's figures",
    "dashboard_closed_categories.sales_person_id": "the dashboard's figures",
    "sales_targets.sales_person_id": "the targets and their achievement",
    "sales_targets.updated_by": "the record's author",
    "sales_target_histories.changed_by": "the targets' history",
    "reassignments.from_user_id": "a reassignment's record",
    "reassignments.to_user_id": "a reassignment's record",
    "reassignments.by_user_id": "a reassignment's record",
    "billing_status_changes.actor_id": "the billing's history",
    "notification_settings.updated_by": "the record's author",
    "notification_mails.user_id": "what was sent (its address and mentions replaced)",
    "import_jobs.created_by": "the import's record",
    "import_mappings.created_by": "the record's author",
}
