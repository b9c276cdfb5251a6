"""The search attributes the workflows are found by in the Temporal UI (registered on the namespace)."""

from __future__ import annotations

from temporalio.common import SearchAttributeKey

LEAD_ID = SearchAttributeKey.for_keyword("LeadId")
REQUEST_TYPE = SearchAttributeKey.for_keyword("RequestType")
REQUESTED_BY = SearchAttributeKey.for_keyword("RequestedBy")
NEEDS_ATTENTION = SearchAttributeKey.for_bool("NeedsAttention")
