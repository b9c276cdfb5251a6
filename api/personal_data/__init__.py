"""A person's data, on request (UU PDP, Law 27/2022: the rights of access and erasure; issue 39 point 3).

For a contact, an administrator (the page `system/personal-data`) gets one archive of everything the product holds
about them (`archive`) and can erase them (`service.erase`): the contact's record and history entries, the activities
and plans they were the person in charge of or whose notes mention them, with those activities' files, the leads
they are a person in charge of or whose texts mention them, the notification texts that mention them, and the other
notes that do (approval notes, cost sheet remarks, billing notes, reassignment reasons: `api.core.mentions.Texts`),
and the imported rows that name them (api/imports/erasure.py: the rows, match keys and kept values rewritten, the
uploaded files removed).
Each domain erases its own part (api/clients/contacts/erasure.py, api/activities/erasure.py, api/leads/erasure.py,
api/notifications/erasure.py, and the TEXTS of api/approvals, api/pcs, api/monthly_billing, api/assignments); this
read model above them finds, packs and runs them in one transaction, with the audit entry, and the files leave
storage once it commits (for certain: api/core/storage/removals.py). Approval records and cost sheets hold no field
of a contact: their numbers are not touched.

For a user (an employee, usually one who left), the same page gives a summary (`user_service.summary`: what is held
by kind, and the reasons an erasure would be refused now), one archive (`user_archive`: user.json with their record,
the audit entries about or naming them, sign-in data, the second factor's state but never its secret, provider
links, saved views, calendar address, notifications and mails to them, the activities they recorded with their
places, their plans, their leads listed, the texts that name them; and their profile picture), and the erasure
(`user_service.erase`). The decisions behind it:

- Only a deactivated user is erased (409 "Deactivate the user before erasing their data."), and not while they
  have open work: ongoing leads they are the sales person of, a pending request they asked for (or made for them) or
  still waiting on them as an approver, active people reporting to them (409 naming the counts: "Reassign their 3
  ongoing leads and 1 pending request first."). An administrator cannot erase themself (403); a second erasure is
  409. The full name typed back confirms, as for a contact (422 otherwise).
- The user row stays: its id is what leads, activities, approvals, cost sheets, targets and the dashboards count by,
  so no figure moves (their closed leads still count for their team). Its personal columns are replaced
  (api/users/erasure.py: "Erased user #<id>", username `erased-<id>`, an unusable password, contact fields cleared);
  every reference to a user is classified as deleted with the user's own data or kept
  (user_references.py), and a test fails on a new one.
- Deleted, each by its domain: the second factor and its recovery codes, provider links (api/auth/erasure.py), saved
  views and defaults (api/saved_views/erasure.py), their own notifications (api/notifications/erasure.py; the mails
  sent to them stay, under an address that delivers nowhere), their calendar address (api/activities/erasure.py),
  their pinned columns (api/leads/erasure.py), their picture (api/account/erasure.py, from storage after the commit).
  After the commit their sessions end, their remembered devices and addresses and their last-seen time leave Redis.
- Texts that name them (by full name, e-mail or phone: api/core/mentions.py) get the placeholder: lead texts and
  history, activity and plan notes, notifications and mails, approvals' notes and the name a layer's clock kept of
  whom it escalated to (api/approvals/erasure.py), and the audit (api/audit/erasure.py). The audit is
  append-only: a trigger refuses DELETE and TRUNCATE always, and an UPDATE unless the transaction set
  `crm.erasure` (only the erasure does, for its own statements) and then only of `subject_label` and `changes`
  (migration 70a758a5fdf9). The erasure's own entry (USER ERASE, naming the user by id only and counting what
  changed) is the record of that rewrite. Who acted in an entry stays an id, whose name is now the placeholder.
- Kept: the activities they recorded (with the place and position of each: the client's site, the lead's timeline)
  and the plans they own, decided approvals and decisions, reassignments and histories, all by id.

Temporal needs no rewriting. Every payload the product sends to Temporal (workflow inputs, results, signals,
updates, activity inputs and outputs, memos) is sealed by the payload codec (api/core/temporal/sealing.py:
AES-GCM under TEMPORAL_PAYLOAD_KEYS), so a workflow history holds no personal data in clear; and no workflow carries
a contact at all: they carry ids (a request's, a lead's, a mail's row), and the texts they send are read from the
database when they run, after an erasure the erased ones. Search attributes, the only readable part of a history,
are ids, statuses and users' usernames (RequestedBy, PendingApprovers: workflows/contracts/search_attributes.py),
never a contact's. A user is erased only when no pending request names them, so no running workflow carries their
username; a closed approval workflow keeps it in its search attributes until the namespace's retention removes the
execution: 24 hours for the embedded dev server (`temporal server start-dev`'s `default` namespace) and for
docker-compose (temporalio/auto-setup's DEFAULT_NAMESPACE_RETENTION, 24h unless set). A deployment with a longer
retention keeps it that long.

A call's record in Redis (api/calls: the number dialled, for 6 hours) is not searched: it expires on its own."""
