"""The API and its reminders on the real stack (the dev server and the session's worker): a plan saved through the
API rings its owner's bell when its reminder is due; a plan moved far away does not ring; a removed plan's reminder
ends. These tests commit (the worker reads what the API writes), on a lead they create and remove."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select

from api.activities.models import ActivitySchedule
from api.core.config import get_settings
from api.leads.models import Lead
from api.notifications.catalogue import ACTIONS
from api.notifications.models import Notification
from tests import sealed
from tests.conftest import Services, auth, run_async
from tests.integration.activities.conftest import fields
from tests.integration.leads.conftest import lead_refs, new_lead
from workflows.contracts.reminders import schedule_reminder_id

pytestmark = pytest.mark.usefixtures("worker")
PROJECT = "Reminder wiring test lead"

SEEDED_LEAD_MINUTES = ACTIONS["SCHEDULE_STARTING"].default_lead_minutes or 0  # the reminder setting's seeded lead time


@pytest.fixture
def planned_lead(live: TestClient) -> Iterator[dict[str, Any]]:
    lead = new_lead(live, lead_refs(live), projectName=PROJECT)
    yield lead
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    # the reminders it rang (a notification names its lead without a foreign key: it outlives the lead)
    session.execute(delete(Notification).where(Notification.lead_id == lead["id"]))
    session.execute(delete(Lead).where(Lead.id == lead["id"]))  # its schedules go with it
    session.commit()
    session.close()


def _plan(live: TestClient, lead: dict[str, Any], at: datetime) -> int:
    pic = live.get(f"/api/activity/pic/{lead['id']}", headers=auth(live, "sales1")).json()["results"][0]
    body = {"client": {"value": lead["clientId"], "label": "Bank Nusa Mandiri"},
            "projectName": {"value": lead["id"], "label": PROJECT},
            "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
            "activity": {"value": 2, "label": "Presentation"}, "dateAndTime": at.isoformat(), "remark": "Wiring"}
    r = live.post("/api/activity/schedule", json=body, headers=auth(live, "sales1"))
    assert r.status_code == 200, r.text
    return int(r.json()["results"]["id"])


def _reminders(live: TestClient) -> list[str]:
    rows = live.get("/api/notification/limited", params={"type": "ALL"},
                    headers=auth(live, "sales1")).json()["results"]["data"]
    return [r["message"] for r in rows if PROJECT in r["message"] and r["message"].startswith("Reminder:")]


def _result(services: Services, schedule_id: int) -> str:
    async def go() -> str:
        client = await sealed.connect(services.temporal_address)
        handle = client.get_workflow_handle(schedule_reminder_id(schedule_id, get_settings().temporal_task_queue))
        return str(await handle.result())

    return str(run_async(go()))


def test_a_plan_due_soon_rings_once_and_a_removed_one_ends(live: TestClient, services: Services,
                                                           planned_lead: dict[str, Any]) -> None:
    minutes = SEEDED_LEAD_MINUTES
    soon = _plan(live, planned_lead, datetime.now(UTC) + timedelta(minutes=minutes, seconds=4))
    later = _plan(live, planned_lead, datetime.now(UTC) + timedelta(days=2))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not _reminders(live):
        time.sleep(0.5)
    assert len(_reminders(live)) == 1 and "Presentation with Bank Nusa Mandiri" in _reminders(live)[0]
    assert _result(services, soon) == "reminded"
    r = live.delete(f"/api/activity/schedule/{later}", headers=auth(live, "sales1"))
    assert r.status_code == 200
    assert _result(services, later) == "removed"
    assert len(_reminders(live)) == 1


def test_a_next_step_planned_on_the_activity_form_rings_too(live: TestClient, services: Services,
                                                            planned_lead: dict[str, Any]) -> None:
    """The form's next steps are plans like the page's: their reminders start when the activity is saved (not only
    when the sweep finds them a minute before they are due)."""
    headers = auth(live, "sales1")
    pic = live.get(f"/api/activity/pic/{planned_lead['id']}", headers=headers).json()["results"][0]
    at = datetime.now(UTC) + timedelta(minutes=SEEDED_LEAD_MINUTES, seconds=4)
    data = {"leadsId": planned_lead["id"], "type": 1, "notes": "Met the CIO.",
            "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
            "schedule": [{"activity": {"value": 2, "label": "Presentation"}, "dateAndTime": at.isoformat()}]}
    r = live.post("/api/activity", data=fields(data), headers=headers)
    assert r.status_code == 200, r.text
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    plan = session.scalars(select(ActivitySchedule.id).where(ActivitySchedule.lead_id == planned_lead["id"])).one()
    session.close()
    # the reminder workflow exists at once (the sweep would start it only a minute before it is due)
    assert _result(services, plan) == "reminded"
    assert len(_reminders(live)) == 1
