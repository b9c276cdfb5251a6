"""The API's one way to Temporal: no other module of the API imports `temporalio` (an import-linter contract keeps it
so). Workflows are named by their contracts (`workflows.contracts`), never imported: the API does not depend on the
worker's code.

Which file does what:
- client.py: connect (sealed payloads, the request id and trace interceptors), `blocking` (the one crossing from a
  route's sync code into Temporal), starting a workflow once, health.
- updates.py: sending an Update and its typed verdict: `Applied`, `Refused(type, message)`, `Closed(outcome)`,
  `Unconfirmed`.
- approvals.py: the approval engine's client: start a request's workflow, decide, withdraw, change its owner, read
  its live timeline.
- starts.py: the other workflows the API starts: mails, a schedule's reminder, a lead's PID.
- sealing.py, payloads.py: the payload codec (AES-GCM) and converter; request_ids.py, tracing.py: the interceptors
  that carry a call's request id and trace into the workflows.
"""

from __future__ import annotations

from temporalio.client import Client

from api.core.temporal.approvals import Shown
from api.core.temporal.client import (
    Unreachable,
    blocking,
    connect,
    healthy,
    start_once,
    start_workflow,
    tracing_interceptors,
)
from api.core.temporal.starts import (
    hand_over_mail,
    schedule_changed,
    send_mail,
    send_password_reset_mail,
    send_sign_in_code_mail,
    start_import,
    start_pid,
)
from api.core.temporal.updates import Applied, Closed, Refused, Unconfirmed, UpdateResult

__all__ = ["Applied", "Client", "Closed", "Refused", "Shown", "Unconfirmed", "Unreachable", "UpdateResult", "blocking",
           "connect",
           "hand_over_mail", "healthy", "schedule_changed", "send_mail", "send_password_reset_mail",
           "send_sign_in_code_mail", "start_import", "start_once", "start_pid", "start_workflow",
           "tracing_interceptors"]
