"""What the product tells people, and what an administrator may set for each (spec 1 §3, notification and reminder
settings): the notification actions (an approval request submitted, decided, approved, rejected; a PID generated; leads
reassigned) and the reminder actions (a planned activity starting, a lead not contacted), each with the recipients it
can reach, the variables its message template may use (with the sample values its preview shows) and the defaults its
setting is seeded with (today's texts). The settings themselves are rows (`notification_settings`); this is their
schema."""

from __future__ import annotations

from dataclasses import dataclass

NOTIFICATION = "NOTIFICATION"
REMINDER = "REMINDER"
CATEGORIES = (NOTIFICATION, REMINDER)

IN_APP = "IN_APP"
EMAIL = "EMAIL"
CHANNELS = (IN_APP, EMAIL)

# who a setting can send to: the people of the event (named by whoever raises it), the team leader of its sales
# person (the user hierarchy's leader), and users named in the setting
REQUESTER = "REQUESTER"
APPROVERS = "APPROVERS"
SALES_PERSON = "SALES_PERSON"
TEAM_LEADER = "TEAM_LEADER"
USERS = "USERS"
RECIPIENTS = (REQUESTER, APPROVERS, SALES_PERSON, TEAM_LEADER, USERS)

TEMPLATE_MAX = 2000  # characters of a template
MESSAGE_MAX = 1000  # characters of a rendered message
LEAD_MINUTES = (5, 7 * 24 * 60)  # a schedule's reminder: from 5 minutes to a week before it starts


@dataclass(frozen=True)
class Variable:
    name: str
    description: str
    sample: str | int
    optional: bool = False  # may be empty (None) when the message is sent: a template must still render then


@dataclass(frozen=True)
class Action:
    code: str
    category: str
    label: str
    description: str
    notification_type: str  # APPROVAL or INFORMATION (the bell's tab); approvers asked to act get APPROVAL
    kind: str  # the notification's icon (api/notifications/targets.KINDS)
    recipients: dict[str, str]  # recipient code -> what it means for this action
    variables: tuple[Variable, ...]
    default_template: str
    default_recipients: tuple[str, ...]
    default_channels: tuple[str, ...] = (IN_APP,)
    default_lead_minutes: int | None = None  # reminders with a lead time (a schedule starting)
    fixed_days: tuple[int, ...] = ()  # reminders at fixed moments instead: days since an event (a lead's contact)
    mail_subject: str = ""

    def variable_names(self) -> list[str]:
        return [v.name for v in self.variables]


_RECIPIENT = Variable("recipient", "The full name of the person reading the message", "Rina Wijaya")
_REQUEST = (
    Variable("requester", "The full name of the person who asked", "Sari Dewi"),
    Variable("request", "What is asked, as in the approval queue", "move 'Core Banking' (PT Maju) to E4 Proposal"),
    Variable("project", "The lead's project name", "Core Banking"),
    Variable("client", "The lead's client name", "PT Maju", optional=True),
    Variable("layer", "The approval layer concerned", "Commercial review"),
)
_NOTE = Variable("note", "The approver's note", "Margins checked.", optional=True)
_DECISION = (  # one approver's decision on a request still waiting for others
    Variable("approver", "The full name of the approver who decided", "Budi Santoso"),
    Variable("decision", "'approved' or 'rejected'", "approved"),
    _NOTE,
)
_OUTCOME = (  # how a request ended: the last decision (no approver when nobody decided, e.g. a pipeline emptied)
    Variable("approver", "The full name of the approver whose decision ended it", "Budi Santoso", optional=True),
    _NOTE,
)
_LEAD = (
    Variable("project", "The lead's project name", "Core Banking"),
    Variable("client", "The lead's client name", "PT Maju", optional=True),
    Variable("sales_person", "The full name of the lead's sales person", "Sari Dewi"),
)
_REQUEST_PEOPLE = {
    REQUESTER: "The requester",
    APPROVERS: "The request's approvers",
    SALES_PERSON: "The lead's sales person",
    TEAM_LEADER: "The sales person's team leader",
    USERS: "Named users",
}



def _outcome(status: str, description: str) -> Action:
    """REQUEST_APPROVED or REQUEST_REJECTED: how a request ended, told (as seeded) to its requester."""
    verdict = status.lower()
    return Action(
        f"REQUEST_{status}", NOTIFICATION, f"Request {verdict}", description, "INFORMATION", status, _REQUEST_PEOPLE,
        (*_REQUEST, *_OUTCOME, _RECIPIENT),
        f"Your request to {{{{ request }}}} has been {verdict}{{% if approver %}} by {{{{ approver }}}}{{% endif %}}"
        "{% if note %}: {{ note }}{% else %}.{% endif %}",
        (REQUESTER,), mail_subject=f"Request {verdict}")


ACTIONS: dict[str, Action] = {a.code: a for a in (
    Action(
        "REQUEST_SUBMITTED", NOTIFICATION, "Request submitted",
        "An approval request reaches a layer: its approvers are asked to decide.",
        "APPROVAL", "REQUESTED",
        {**_REQUEST_PEOPLE, APPROVERS: "The approvers asked (each layer's, when its turn comes)"},
        (*_REQUEST, _RECIPIENT),
        "{{ requester }} asks to {{ request }}.",
        (APPROVERS,), mail_subject="Approval requested"),
    Action(
        "REQUEST_DECIDED", NOTIFICATION, "Request decided",
        "An approver approves or rejects a request that still waits for other approvers.",
        "INFORMATION", "INFO", _REQUEST_PEOPLE, (*_REQUEST, *_DECISION, _RECIPIENT),
        "{{ approver }} {{ decision }} your request to {{ request }}{% if note %}: {{ note }}{% else %}.{% endif %}",
        (REQUESTER,), default_channels=(), mail_subject="A decision on your request"),
    Action(
        "REQUEST_REMINDED", REMINDER, "Approval deadline passed",
        "A layer with a deadline is still waiting when its deadline passes: the approvers still to decide are "
        "reminded.",
        "APPROVAL", "REMINDER", {**_REQUEST_PEOPLE, APPROVERS: "The approvers still to decide"},
        (*_REQUEST, Variable("due", "When it was due, in the business's time zone", "27-Nov-2026 10:00 WIB"),
         _RECIPIENT),
        "Reminder: {{ requester }}'s request to {{ request }} is overdue and still waits for your decision.",
        (APPROVERS,), default_channels=(IN_APP, EMAIL), mail_subject="Approval overdue"),
    Action(
        "REQUEST_ESCALATED", NOTIFICATION, "Request escalated",
        "A layer is still waiting past its deadline and escalation time: it is escalated to a named user or the "
        "requester's team leader, who may decide in the place of the approvers still waiting.",
        "APPROVAL", "REQUESTED",
        {**_REQUEST_PEOPLE, APPROVERS: "The person it is escalated to"},
        (*_REQUEST, Variable("waiting", "Who it was waiting on", "Hendra Gunawan"),
         Variable("due", "When it was due, in the business's time zone", "27-Nov-2026 10:00 WIB"), _RECIPIENT),
        "Escalated to you: {{ requester }}'s request to {{ request }} is overdue and still waits for {{ waiting }}. "
        "You may decide in their place.",
        (APPROVERS,), default_channels=(IN_APP, EMAIL), mail_subject="Approval escalated to you"),
    _outcome("APPROVED", "A request is approved: what it asked for is applied."),
    _outcome("REJECTED", "A request is rejected: nothing it asked for is applied."),
    Action(
        "REQUEST_WITHDRAWN", NOTIFICATION, "Request withdrawn",
        "An administrator withdraws a pending request: nothing it asked for is applied, the lead goes back to the "
        "status it had (a cost sheet to draft).",
        "INFORMATION", "INFO", {**_REQUEST_PEOPLE, APPROVERS: "The approvers it was waiting on"},
        (*_REQUEST, Variable("withdrawn_by", "The full name of who withdrew it", "Rina Wijaya"),
         Variable("reason", "Why it was withdrawn", "Asked by mistake.", optional=True), _RECIPIENT),
        "{{ withdrawn_by }} withdrew {{ requester }}'s request to {{ request }}"
        "{% if reason %}: {{ reason }}{% else %}.{% endif %}",
        (REQUESTER, APPROVERS, TEAM_LEADER), mail_subject="Request withdrawn"),
    Action(
        "PID_GENERATED", NOTIFICATION, "PID generated",
        "A project ID number is generated for a lead, with its PDF.",
        "INFORMATION", "INFO",
        {SALES_PERSON: "The lead's sales person", TEAM_LEADER: "The sales person's team leader", USERS: "Named users"},
        (Variable("pid", "The project ID number", "PID/2026/11/0042"), *_LEAD, _RECIPIENT),
        "PID {{ pid }} has been generated for '{{ project }}'{% if client %} ({{ client }}){% endif %}.",
        (SALES_PERSON,), mail_subject="PID generated"),
    Action(
        "LEADS_REASSIGNED", NOTIFICATION, "Leads reassigned",
        "Leads move from one sales person to another (Assignment Monitoring), with their requests and plans.",
        "INFORMATION", "INFO",
        {SALES_PERSON: "The sales people the leads move from and to", TEAM_LEADER: "Their team leaders",
         USERS: "Named users"},
        (Variable("count", "How many leads moved", 3),
         Variable("from_person", "The full name of the sales person the leads move from", "Sari Dewi"),
         Variable("to_person", "The full name of the sales person the leads move to", "Rina Wijaya"),
         Variable("by", "The full name of the person who moved them", "Admin"),
         Variable("reason", "Why they moved", "Sari leaves the company."),
         _RECIPIENT),
        "{{ by }} moved {{ count }} {% if count == 1 %}lead{% else %}leads{% endif %} of {{ from_person }} to "
        "{{ to_person }}: {{ reason }}",
        (SALES_PERSON, TEAM_LEADER), mail_subject="Leads reassigned"),
    Action(
        "SCHEDULE_STARTING", REMINDER, "Activity schedule starting",
        "A planned meeting, presentation or demo is about to start (the lead time before it).",
        "INFORMATION", "REMINDER",
        {SALES_PERSON: "The sales person who planned it", TEAM_LEADER: "Their team leader", USERS: "Named users"},
        (Variable("activity", "Meeting, Presentation or Demo", "Meeting"),
         Variable("project", "The lead's project name", "Core Banking"),
         Variable("client", "The lead's client name", "PT Maju", optional=True),
         Variable("time", "When it starts, in the business's time zone", "27-Nov-2026 10:00 WIB"),
         Variable("minutes", "The lead time: minutes before it starts", 30),
         Variable("sales_person", "The full name of the sales person who planned it", "Sari Dewi"),
         _RECIPIENT),
        "Reminder: {{ activity }}{% if client %} with {{ client }}{% endif %} on {{ project }} at {{ time }}.",
        (SALES_PERSON,), default_channels=(IN_APP, EMAIL), default_lead_minutes=30, mail_subject="Activity reminder"),
    Action(
        "LEAD_NOT_CONTACTED", REMINDER, "Lead not contacted",
        "An ongoing lead reaches 30, then 90 days without contact (the card badges), once each.",
        "INFORMATION", "REMINDER",
        {SALES_PERSON: "The lead's sales person", TEAM_LEADER: "The sales person's team leader", USERS: "Named users"},
        (*_LEAD, Variable("days", "Days without contact: 30 or 90", 30), _RECIPIENT),
        "'{{ project }}'{% if client %} ({{ client }}){% endif %} has not been contacted for {{ days }} days.",
        (SALES_PERSON,), fixed_days=(30, 90), mail_subject="Lead not contacted"),  # the card badges (spec 2 §9)
)}


def action(code: str) -> Action:
    return ACTIONS[code]
