"""Tables on a phone (issue 33): every screen with a table or a list, as the administrator (who opens them all) on a
390 px phone, beside the screens tour (tests/e2e/test_screens_tour.py, whose tour and checks it reuses): no table is
wider than its card or scrolls sideways inside it, and no label or value of a phone's card runs out of its place."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from tests.e2e.api import token
from tests.e2e.conftest import LiveServer
from tests.e2e.test_screens_tour import CHECKS, GREETING, PHONE, Stop, Tour, seeded  # noqa: F401  (a fixture)

# One more of the tour's checks: each table is as wide as the card that holds it at most, so every column is read
# without scrolling a table sideways inside its card (lists show one card a row on a phone, reports too).
CHECKS["tables"] = """() => [...document.querySelectorAll('.ant-table-wrapper')].flatMap((wrapper) => {
    const table = wrapper.querySelector('table');
    if (!table || wrapper.getClientRects().length === 0) return [];  // hidden (another tab, a closed panel)
    const name = wrapper.closest('.ant-card, .page')?.querySelector('.ant-card-head-title, h3')?.textContent
        || wrapper.querySelector('th')?.textContent || 'a table';
    const card = (wrapper.closest('.ant-card-body, .ant-drawer-body, .ant-modal-body')
        || document.querySelector('main')).getBoundingClientRect();
    const box = table.getBoundingClientRect();
    const problems = [];
    if (box.left < card.left - 1 || box.right > card.right + 1) {
        problems.push(`'${name}' spans ${Math.round(box.left)}-${Math.round(box.right)} px in a card of `
            + `${Math.round(card.left)}-${Math.round(card.right)} px`);
    }
    for (const scroller of wrapper.querySelectorAll('.ant-table-content, .ant-table-body')) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) {
            problems.push(`'${name}' scrolls sideways (${scroller.scrollWidth} px in ${scroller.clientWidth})`);
        }
    }
    // a phone's card: no label or value runs past its place (into the value beside it, or out of the card)
    for (const text of wrapper.querySelectorAll('.data-table__card-field > dt, .data-table__card-field > dd')) {
        if (text.scrollWidth > text.clientWidth + 1) problems.push(`'${text.textContent}' runs out of its place`);
    }
    return problems;
})"""


# an audit entry longer than a phone is wide (a role's description), as another journey's changes leave them: a
# table sized to its longest unwrapped text would run past its card
LONG_DESCRIPTION = "Regional key account managers of the eastern islands, who keep the biggest customers' contracts"


@pytest.fixture
def long_audit_entry(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        r = http.post("/api/menu-access", headers=token(http, "admin"), json={
            "roleName": f"PHONE_TABLES_{uuid.uuid4().hex[:6].upper()}", "roleDescription": LONG_DESCRIPTION})
        assert r.status_code == 200, r.text


def test_no_table_is_wider_than_its_card_on_a_phone(browser: Browser, live_server: LiveServer,
                                                    seeded: dict[str, Any],  # noqa: F811
                                                    long_audit_entry: None) -> None:
    draft, draft_name = seeded["draft"]
    approved, approved_name = seeded["approved"]
    (client,), (sales_role,), (contacts_page,) = seeded["client"], seeded["sales_role"], seeded["contacts_page"]
    (sales1, _), (lead_request,) = seeded["sales1"], seeded["lead_request"]
    tables = ("tables",)
    stops = [
        Stop("dashboard", "/", GREETING, shell=False, checks=tables),
        Stop("lead-detail", f"/leads/{approved}", approved_name, trail=True, checks=tables),
        Stop("pcs", f"/leads/{draft}/project-cost-sheet", "Project Cost Sheet", trail=True, checks=tables,
             shows=f".page-header__subtitle:has-text({json.dumps(draft_name, ensure_ascii=False)})"),
        Stop("clients", "/system/client-management", "Client Management", trail=True, checks=tables),
        Stop("client-edit", f"/system/client-management/{client}", "Edit Client", trail=True, checks=tables),
        Stop("contacts", "/system/contact-management", "Contact Management", trail=True, checks=tables),
        Stop("coa", "/system/coa-management", "COA Management", trail=True, checks=tables),
        Stop("approval", "/system/approval", "Approval", trail=True, checks=tables),
        Stop("approval-pipelines", "/system/approval-pipeline", "Approval Pipeline", trail=True, checks=tables),
        Stop("pcs-pipelines", "/system/pcs-approval-pipeline", "PCS Approval Pipeline", trail=True, checks=tables),
        Stop("stages", "/system/stage-management", "Stage Management", trail=True, checks=tables),
        Stop("holidays", "/system/holidays", "Holidays", trail=True, checks=tables),
        Stop("approval-insights", "/system/approval-insights", "Approval Insights", trail=True, checks=tables),
        Stop("notification-settings", "/system/notification-management", "Notification Management", trail=True,
             checks=tables),
        Stop("reminder-settings", "/system/reminder-management", "Reminder Management", trail=True, checks=tables),
        Stop("users", "/system/user-management", "User Management", trail=True, checks=tables),
        Stop("audit-log", "/system/audit-log", "Audit Log", trail=True, checks=tables),
        Stop("roles", "/system/menu-page-access", "Menu Page Access", trail=True, checks=tables),
        Stop("effective-access", f"/system/menu-page-access?tab=effective&user={sales1}", "Menu Page Access",
             trail=True, shows='.ant-tabs-tab-active:has-text("Effective access")', checks=tables),
        Stop("role", f"/system/menu-page-access/{sales_role}", "Sales Executive", trail=True, checks=tables),
        Stop("pages", "/system/page-management", "Page Management", trail=True, checks=tables),
        Stop("page-edit", f"/system/page-management/{contacts_page}", "Edit Page", trail=True, checks=tables),
        Stop("leads-management", "/system/leads-management", "Leads Management", trail=True, checks=tables),
        Stop("leads-monitoring", "/system/leads-monitoring", "Leads Monitoring", trail=True, checks=tables),
        Stop("assignments", "/system/assignment-monitoring", "Assignment Monitoring", trail=True, checks=tables),
        Stop("reassign", "/system/assignment-monitoring/add", "Reassign Leads", trail=True, checks=tables),
        Stop("lead-register", "/system/lead-approval", "Lead Approval", trail=True, checks=tables),
        Stop("lead-request", f"/system/lead-approval/{lead_request}/edit", f"Request #{lead_request}", trail=True,
             checks=tables),
        Stop("pcs-register", "/system/pcs-approval", "PCS Approval", trail=True, checks=tables),
        Stop("sales-target", "/system/sales-target", "Sales Target", trail=True, checks=tables),
        Stop("sales-target-detail", f"/system/sales-target/{sales1}", "Andi Pratama", trail=True, checks=tables),
        Stop("monthly-billing", "/system/monthly-billing", "Monthly Billing", trail=True, checks=tables),
        Stop("report", "/system/report", "Report", trail=True, checks=tables),
        Stop("sales-monitoring", "/system/sales-monitoring", "Sales Monitoring", trail=True, checks=tables),
        Stop("inbox", "/user/inbox", "Inbox", checks=tables),
    ]
    Tour(browser, live_server, "admin", PHONE).run(stops)
