"""Notification mails reach the mail server through Temporal, once: each waiting row is handed to a SendMailWorkflow
of its own id, which delivers it (here to the outbox, as without SMTP_URL); a row handed again (a crash between
starting its workflow and marking it) starts nothing new."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from email import message_from_string
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select

from api.core.config import get_settings
from api.notifications import mails
from api.notifications.models import NotificationMail
from api.users.models import User
from tests import sealed
from tests.conftest import Services, run_async

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
def mail(live: TestClient) -> Iterator[int]:
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    user = session.scalars(select(User).where(User.username == "tl1")).one()
    row = NotificationMail(user_id=user.id, address=user.email or "", subject="Lead not contacted",
                           body="'Core Banking' has not been contacted for 30 days.\n\nOpen it in the CRM: x\n",
                           action="LEAD_NOT_CONTACTED")
    session.add(row)
    session.commit()
    yield row.id
    session.execute(delete(NotificationMail).where(NotificationMail.id == row.id))
    session.commit()
    session.close()


def test_a_waiting_mail_is_delivered_once(live: TestClient, services: Services, mail: int) -> None:
    queue = get_settings().temporal_task_queue
    sessions = live.app.state.session_factory  # type: ignore[attr-defined]
    with sessions() as session:
        waiting = [m for m in mails.waiting(session) if m[0] == mail]
    assert len(waiting) == 1

    async def hand(times: int) -> tuple[list[list[int]], str, set[str]]:
        client = await sealed.connect(services.temporal_address)
        handed = [await mails.hand_over(client, queue, waiting) for _ in range(times)]
        handle = client.get_workflow_handle(mails.mail_workflow_id(mail, queue))
        delivered = str(await handle.result())
        runs: set[str] = set()
        for _ in range(50):  # the visibility store lags a little behind
            runs = {w.run_id async for w in client.list_workflows(f"WorkflowId = '{handle.id}'")}
            if runs:
                break
            await asyncio.sleep(0.1)
        return handed, delivered, runs

    handed, delivered, runs = run_async(hand(2))
    assert handed == [[mail], [mail]]  # the second: started before, nothing new
    message = message_from_string(Path(delivered).read_text())
    assert message["To"] == "tl1@pipeline-crm.local" and message["Subject"] == "Lead not contacted"
    assert "has not been contacted for 30 days." in message.get_payload()
    with sessions() as session:
        mails.handed(session, [mail])
        assert mail not in [m[0] for m in mails.waiting(session)]
    assert len(runs) == 1  # one run, however often it was handed over
