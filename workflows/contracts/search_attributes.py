"""The search attributes the workflows are found by in the Temporal UI, with their types: one definition for the API
(which sets them at start), the workflows (which keep them current) and the registration on the namespace (the
embedded dev server; docker-compose's temporal-search-attributes service lists the same).

A search attribute's type is fixed once it is registered on a namespace, so a changed type takes a new name: the lead
is `CrmLeadId` (Int; `CrmLeadId = 151`), while `LeadId` (Keyword) stays registered for the workflows started before
it (`LeadId = "151"`)."""

from __future__ import annotations

from temporalio.common import SearchAttributeKey

CRM_LEAD_ID = SearchAttributeKey.for_int("CrmLeadId")  # the lead's id, as a number
REQUEST_TYPE = SearchAttributeKey.for_keyword("RequestType")  # CHANGE_LEAD_STAGE, HOLD_LEAD, ..., PCS
REQUESTED_BY = SearchAttributeKey.for_keyword("RequestedBy")  # the requester's username (a user id before)
PENDING_APPROVERS = SearchAttributeKey.for_keyword_list("PendingApprovers")  # usernames still to act on the layer
REQUEST_STATUS = SearchAttributeKey.for_keyword("RequestStatus")  # PENDING, APPROVED, REJECTED
NEEDS_ATTENTION = SearchAttributeKey.for_bool("NeedsAttention")  # a database step failed past its retries
LEAD_ID = SearchAttributeKey.for_keyword("LeadId")  # text: set by the workflows started before CrmLeadId

KEYS = (CRM_LEAD_ID, REQUEST_TYPE, REQUESTED_BY, PENDING_APPROVERS, REQUEST_STATUS, NEEDS_ATTENTION, LEAD_ID)

# What `temporal operator search-attribute create --type` (and `server start-dev --search-attribute`) call each type.
_TYPE_NAMES = {"KEYWORD": "Keyword", "INT": "Int", "KEYWORD_LIST": "KeywordList", "BOOL": "Bool", "TEXT": "Text",
               "DOUBLE": "Double", "DATETIME": "Datetime"}


def registrations() -> dict[str, str]:
    """Every search attribute by name, with its type as the Temporal CLI names it (`{"CrmLeadId": "Int", ...}`)."""
    return {key.name: _TYPE_NAMES[key.indexed_value_type.name.removeprefix("INDEXED_VALUE_TYPE_")] for key in KEYS}
