"""A person's data, on request (UU PDP, Law 27/2022: the rights of access and erasure; issue 39 point 3).

For a contact, an administrator (the page `system/personal-data`) gets one archive of everything the product holds
about them (`archive`) and can erase them (`service.erase`): the contact's record and history entries, the activities
and plans they were the person in charge of or whose notes mention them, with those activities' files, the leads
they are a person in charge of or whose texts mention them, the notification texts that mention them, and the other
notes that do (approval notes, cost sheet remarks, billing notes, reassignment reasons: `api.core.mentions.Texts`).
Each domain erases its own part (api/clients/contacts/erasure.py, api/activities/erasure.py, api/leads/erasure.py,
api/notifications/erasure.py, and the TEXTS of api/approvals, api/pcs, api/monthly_billing, api/assignments); this
read model above them finds, packs and runs them in one transaction, with the audit entry, and the files leave
storage once it commits (for certain: api/core/storage/removals.py). Approval records and cost sheets hold no field
of a contact: their numbers are not touched.

Temporal needs no rewriting. Every payload the product sends to Temporal (workflow inputs, results, signals,
updates, activity inputs and outputs, memos) is sealed by the payload codec (api/core/temporal/sealing.py:
AES-GCM under TEMPORAL_PAYLOAD_KEYS), so a workflow history holds no personal data in clear; and no workflow carries
a contact at all: they carry ids (a request's, a lead's, a mail's row), and the texts they send are read from the
database when they run, after an erasure the erased ones. Search attributes, the only readable part of a history,
are ids, statuses and users' usernames, never a contact's. Closed histories leave with the namespace's retention.

A call's record in Redis (api/calls: the number dialled, for 6 hours) is not searched: it expires on its own."""
