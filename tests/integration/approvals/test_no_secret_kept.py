"""No usable secret is kept anywhere but in the mail itself: an approval walked with mail links on, its mails handed
to Temporal and delivered as the reminder sweep does, then every workflow history of the walk (opened with the
payload key, as an operator's codec endpoint would), every table and the product's log are searched for the links
the approvers got. Each link still works from the mail (the last step), so what is searched for is usable."""

from __future__ import annotations

import re
from email import message_from_string
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text

from api.core.config import get_settings
from api.notifications import mails
from api.notifications.models import NotificationMail
from tests import sealed
from tests.conftest import PRODUCT_LOG, Services, run_async
from tests.integration.approvals.test_approvals import request_hold, wait_for
from tests.integration.approvals.test_mail_links import LINK, _session
from tests.integration.approvals.test_mail_links import mailed as mailed
from tests.log_scan import LogScan

pytestmark = pytest.mark.usefixtures("worker", "mailed")


def test_an_approvers_links_are_in_their_mail_only(live: TestClient, lead: dict[str, Any], services: Services,
                                                    log_scan: LogScan) -> None:
    log_scan.mark()
    approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
    def written() -> list[tuple[int, str]]:
        with _session(live) as s:
            return list(s.execute(select(NotificationMail.id, NotificationMail.body).where(
                NotificationMail.action == "REQUEST_SUBMITTED",
                NotificationMail.body.like(f"%/system/approval?request={approval_id}\n%"))).tuples().all())

    rows = wait_for(lambda: (found := written()) and len(found) == 2 and found)
    queue = get_settings().temporal_task_queue

    async def deliver() -> tuple[list[str], list[str]]:
        client = await sealed.connect(services.temporal_address)
        ids = [mail_id for mail_id, _ in rows]
        assert await mails.hand_over(client, queue, [(i, "notification REQUEST_SUBMITTED") for i in ids]) == ids
        delivered = [str(await client.get_workflow_handle(mails.mail_workflow_id(i, queue)).result()) for i in ids]
        request_workflow = live_workflow_id(approval_id)
        histories = [(await client.get_workflow_handle(w).fetch_history()).to_json()
                     for w in [request_workflow, *(mails.mail_workflow_id(i, queue) for i in ids)]]
        return delivered, histories

    def live_workflow_id(request_id: int) -> str:
        with _session(live) as s:
            return str(s.execute(text("SELECT workflow_id FROM approval_requests WHERE id = :id"),
                                 {"id": request_id}).scalar_one())

    delivered, histories = run_async(deliver())
    links = [m for path in delivered for m in LINK.findall(
        message_from_string(Path(path).read_text()).get_payload(decode=True).decode())]  # type: ignore[union-attr]
    assert [kind for kind, _, _ in links] == ["Approve", "Reject", "Approve", "Reject"]
    tokens = [token for _, _, token in links]

    for history in histories:  # sealed on the wire, and nothing usable once opened either
        opened = sealed.opened_history(history)
        assert not any(token in opened for token in tokens)
        assert "/approval/mail/" not in opened

    with _session(live) as s:  # every row of every table
        tables = s.execute(text("SELECT table_name FROM information_schema.tables "
                                "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")).scalars().all()
        for table in tables:
            for token in [*tokens, "/approval/mail/"]:
                found = s.execute(text(f'SELECT count(*) FROM "{table}" t WHERE row_to_json(t)::text LIKE :needle'),
                                  {"needle": f"%{token}%"}).scalar_one()
                assert found == 0, (table, token[:12])

    logged = PRODUCT_LOG.read_text(errors="replace") if PRODUCT_LOG.exists() else ""
    assert not any(token in logged for token in tokens)
    assert log_scan.leaks() == []
    # and they are the approvers' real links: the first one still opens its page
    assert live.get(f"/api/approval-links/{tokens[0]}").status_code == 200
    assert re.fullmatch(r"[\w-]+\.[\w-]+\.[\w-]+", tokens[0])
