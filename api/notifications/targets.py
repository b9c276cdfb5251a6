"""Where a notification leads its reader. The writer names the subject (`link`, `lead_id`); the page opened is
chosen here, on reading, by the reader's page access, so nobody is sent to a page they would be refused: a sales
person opens their lead, an approver the lead's read-only view, and whoever may not open either their inbox."""

from __future__ import annotations

import re
from collections.abc import Callable

from api.notifications.models import Notification

INBOX = "/user/inbox"
APPROVAL_QUEUE = "/system/approval"
KINDS = ("REQUESTED", "APPROVED", "REJECTED", "REMINDER", "INFO")

_LEAD_PAGE = re.compile(r"^/leads/(\d+)(?:/[a-z-]+)?$")
_REQUEST = re.compile(r"^/system/approval\?request=\d+$")

# A path and the pages whose read access opens it. The front end's route guard lets a reader of /leads open
# /leads/:leadId/view as well (the view's own page is a narrow grant for approvers), so either opens the view.
Candidate = tuple[str, tuple[str, ...]]


def _lead(lead_id: int) -> Candidate:
    return f"/leads/{lead_id}", ("leads",)


def _lead_view(lead_id: int) -> Candidate:
    return f"/leads/{lead_id}/view", ("leads/view", "leads")


def candidates(notification: Notification) -> list[Candidate]:
    """The pages this notification could open, best first; the inbox is always last."""
    link, lead_id = notification.link, notification.lead_id
    found: list[Candidate] = []
    if link and _REQUEST.match(link):
        # an approver asked: the lead they decide on (read-only), else the queue
        if lead_id is not None:
            found.append(_lead_view(lead_id))
        found.append((APPROVAL_QUEUE, ("system/approval",)))
    elif link and (match := _LEAD_PAGE.match(link)):
        lead = int(match.group(1))
        if link != _lead(lead)[0]:
            found.append((link, ("leads",)))  # the lead's cost sheet or PID page
        found += [_lead(lead), _lead_view(lead)]
    elif link == APPROVAL_QUEUE or notification.notification_type == "APPROVAL":
        found.append((APPROVAL_QUEUE, ("system/approval",)))
    elif link:
        found.append((link, (link.lstrip("/").split("?")[0],)))
    return [*found, (INBOX, ("user/inbox",))]


def target(notification: Notification, readable: Callable[[str], bool]) -> str:
    """The first page of `candidates` the reader may open (the inbox when none: they are reading it)."""
    for path, pages in candidates(notification):
        if any(readable(page) for page in pages):
            return path
    return INBOX
