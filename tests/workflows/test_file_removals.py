"""The reminder sweep's pass deletes the files whose removal failed when their change committed (on Temporal's
time-skipping test server, with the real activities on the test database and the app's storage)."""

from __future__ import annotations

import concurrent.futures
import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from api.core.config import get_settings
from api.core.db import make_engine
from api.core.storage import open_storage
from api.core.storage.removals import StorageRemoval
from tests import sealed
from tests.conftest import ROOT, run_async
from workflows.activities.files import remove_left_files
from workflows.activities.reminders import hand_over_notification_mails, remind_uncontacted_leads, tell_due_reminders
from workflows.contracts.sweeps import Sweep
from workflows.reminder_sweep import ReminderSweepWorkflow

TEST_SERVER = ROOT / ".venv" / "bin" / "temporal-test-server"
NS = "leads/990002"


def test_the_sweep_removes_a_file_left_behind(database_url: str) -> None:
    storage = open_storage(get_settings())  # the storage the worker's activities open
    name = f"left-{uuid.uuid4().hex[:8]}.pdf"
    storage.save(NS, name, b"personal")
    engine = make_engine(database_url)
    with Session(engine) as session:  # a change committed, its delete failed: the record stayed
        session.add(StorageRemoval(key=f"{NS}/{name}", created_at=datetime.now(UTC) - timedelta(minutes=5)))
        session.commit()

    def left() -> list[str]:
        with Session(engine) as session:
            return list(session.scalars(select(StorageRemoval.key).where(StorageRemoval.key.startswith(NS))))

    async def go() -> None:
        async with await WorkflowEnvironment.start_time_skipping(test_server_existing_path=str(TEST_SERVER),
                                                                  data_converter=sealed.converter()) as env:
            queue = f"files-{uuid.uuid4().hex[:8]}"
            with concurrent.futures.ThreadPoolExecutor(4) as pool:
                async with Worker(env.client, task_queue=queue, workflows=[ReminderSweepWorkflow],
                                  activities=[tell_due_reminders, hand_over_notification_mails,
                                              remind_uncontacted_leads, remove_left_files],
                                  activity_executor=pool, max_cached_workflows=0):
                    sweep = await env.client.start_workflow(ReminderSweepWorkflow.run, Sweep(),
                                                            id=f"reminder-sweep@{queue}", task_queue=queue)
                    for _ in range(3):  # passes 20 s apart on the server's clock
                        await env.sleep(timedelta(seconds=20))
                        if not left():
                            break
                    await sweep.terminate("test over")

    try:
        run_async(go())
        assert left() == []
        assert not storage.exists(NS, name)
    finally:
        with Session(engine) as session:
            session.execute(delete(StorageRemoval).where(StorageRemoval.key.startswith(NS)))
            session.commit()
        engine.dispose()
