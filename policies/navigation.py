"""The pages of the route table and the default menu tree, seeded into `pages` and `menus`."""

from __future__ import annotations

from dataclasses import dataclass, field

ACTIONS = ("read", "write", "edit", "delete")

# (code, name, url). Codes are the route without its leading slash; "account" is the signed-in user's own
# session, password and picture, and is not a screen.
PAGES: list[tuple[str, str, str | None]] = [
    ("account", "Own account and session", None),
    # operating the approval engine: the Temporal UI's links and the UI itself, and its sealed payloads read through
    # the codec endpoint (api/operations); not a screen. Administrators have it; grant it to an operations role
    ("operations", "Operations (Temporal UI)", None),
    ("dashboard", "Dashboard", "/"),
    ("welcome", "Welcome", "/welcome"),
    ("sample", "Sample widgets (demo page)", "/sample"),
    ("pdf", "PCS PDF test", "/pdf"),
    ("leads", "Leads", "/leads"),
    # an approver's read-only view of the leads they are asked to decide on (rows scoped by approval task)
    ("leads/view", "Lead (approver's view)", "/leads/:leadId/view"),
    ("activity-schedule", "Activity Schedule", "/activity-schedule"),
    ("user/profile", "Profile", "/user/profile"),
    ("user/inbox", "Inbox", "/user/inbox"),
    ("system", "System", "/system"),
    ("system/leads-management", "Leads Management", "/system/leads-management"),
    ("system/leads-monitoring", "Leads Monitoring", "/system/leads-monitoring"),
    ("system/user-hierarchy", "User Hierarchy", "/system/user-hierarchy"),
    ("system/client-management", "Client Management", "/system/client-management"),
    ("system/contact-management", "Contact Management", "/system/contact-management"),
    ("system/approval-pipeline", "Approval Pipeline", "/system/approval-pipeline"),
    ("system/pcs-approval-pipeline", "PCS Approval Pipeline", "/system/pcs-approval-pipeline"),
    ("system/assignment-monitoring", "Assignment Monitoring", "/system/assignment-monitoring"),
    ("system/stage-management", "Stage Management", "/system/stage-management"),
    ("system/user-management", "User Management", "/system/user-management"),
    ("system/lead-approval", "Lead Approval", "/system/lead-approval"),
    ("system/pcs-approval", "PCS Approval", "/system/pcs-approval"),
    ("system/sales-target", "Sales Target", "/system/sales-target"),
    ("system/approval", "Approval", "/system/approval"),
    ("system/report", "Report", "/system/report"),
    ("system/page-management", "Page Management", "/system/page-management"),
    ("system/menu-management", "Menu Management", "/system/menu-management"),
    ("system/audit-log", "Audit Log", "/system/audit-log"),
    ("system/menu-page-access", "Menu Page Access", "/system/menu-page-access"),
    ("system/monthly-billing", "Monthly Billing", "/system/monthly-billing"),
    ("system/notification-management", "Notification Management", "/system/notification-management"),
    ("system/reminder-management", "Reminder Management", "/system/reminder-management"),
    ("system/sales-monitoring", "Sales Monitoring", "/system/sales-monitoring"),
    ("system/coa-management", "COA Management", "/system/coa-management"),
    # the days a working-day (W) approval deadline skips
    ("system/holiday", "Holidays", "/system/holidays"),
    # where the approvals' time goes: per pipeline, layer and approver (administrators; grant it to others)
    ("system/approval-insights", "Approval Insights", "/system/approval-insights"),
    # single sign-on: the configured OpenID providers and the product role each of their groups gives
    ("system/sign-in-providers", "Sign-in Providers", "/system/sign-in-providers"),
    # importing clients, contacts and leads from spreadsheets (administrators; team leaders their team's leads)
    ("system/import", "Import", "/system/import"),
    # a person's data on request (UU PDP): a contact's archive (read) and erasure (delete), from the contact's page;
    # not a screen of its own. Administrators have it; nobody else unless granted
    ("system/personal-data", "Personal Data (access and erasure)", None),
]

# The route table's demo and test pages (spec 1 §2.1: /sample, and /pdf, which mails a sample PDF): for the people who
# build and check the product, reached through the administrators' every-page line only. They are not given to a role:
# not in the access matrix, not in a user's effective access, refused when a matrix names them.
DEMO_PAGES = frozenset({"sample", "pdf"})


@dataclass
class MenuSpec:
    label: str
    position: str
    icon: str | None = None
    page: str | None = None  # None for a group; its url then comes from the first child
    children: list[MenuSpec] = field(default_factory=list)


def _leaf(label: str, page: str, icon: str | None = None, position: str = "SIDEBAR") -> MenuSpec:
    return MenuSpec(label=label, position=position, icon=icon, page=page)


MENUS: list[MenuSpec] = [
    _leaf("Dashboard", "dashboard", "dashboard", "TOP"),
    _leaf("Leads", "leads", "fund", "TOP"),
    _leaf("Approval", "system/approval", "audit", "BOTH"),
    MenuSpec("System", "TOP", "setting", "system"),
    MenuSpec("Sales", "SIDEBAR", "rise", children=[
        _leaf("Leads Management", "system/leads-management", "profile"),
        _leaf("Leads Monitoring", "system/leads-monitoring", "monitor"),
        _leaf("Sales Monitoring", "system/sales-monitoring", "wifi"),
        _leaf("Sales Target", "system/sales-target", "aim"),
        _leaf("Assignment Monitoring", "system/assignment-monitoring", "schedule"),
        _leaf("Monthly Billing", "system/monthly-billing", "calendar"),
        _leaf("Report", "system/report", "bar-chart"),
    ]),
    MenuSpec("Approvals", "SIDEBAR", "safety-certificate", children=[
        _leaf("Lead Approval", "system/lead-approval", "check-square"),
        _leaf("PCS Approval", "system/pcs-approval", "file-done"),
        _leaf("Approval Pipeline", "system/approval-pipeline", "apartment"),
        _leaf("PCS Approval Pipeline", "system/pcs-approval-pipeline", "partition"),
        _leaf("Stage Management", "system/stage-management", "ordered-list"),
        _leaf("Holidays", "system/holiday", "calendar"),
        _leaf("Approval Insights", "system/approval-insights", "field-time"),
    ]),
    MenuSpec("Clients", "SIDEBAR", "bank", children=[
        _leaf("Client Management", "system/client-management", "shop"),
        _leaf("Contact Management", "system/contact-management", "contacts"),
        _leaf("COA Management", "system/coa-management", "account-book"),
    ]),
    MenuSpec("Administration", "SIDEBAR", "control", children=[
        _leaf("User Management", "system/user-management", "team"),
        _leaf("User Hierarchy", "system/user-hierarchy", "cluster"),
        _leaf("Menu Management", "system/menu-management", "menu"),
        _leaf("Menu Page Access", "system/menu-page-access", "lock"),
        _leaf("Page Management", "system/page-management", "file"),
        _leaf("Audit Log", "system/audit-log", "audit"),
        _leaf("Sign-in Providers", "system/sign-in-providers", "login"),
        _leaf("Notification Management", "system/notification-management", "notification"),
        _leaf("Reminder Management", "system/reminder-management", "clock-circle"),
        _leaf("Import", "system/import", "import"),
    ]),
]
