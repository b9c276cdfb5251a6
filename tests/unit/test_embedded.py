"""Embedded PostgreSQL stops when `make run` stops, even after an earlier process was killed while using it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid

import psutil

from api.core.embedded import EmbeddedPostgres, prune_postgres_handles
from tests.conftest import TEST_DATA


def test_a_killed_process_left_in_the_handle_list_does_not_keep_postgres_running() -> None:
    data_dir = TEST_DATA / f"pg-handles-{uuid.uuid4().hex[:6]}"
    pg = EmbeddedPostgres(data_dir, database="handles")
    postmaster: psutil.Process | None = None
    try:
        pg.start()
        postmaster = psutil.Process(int((data_dir / "postmaster.pid").read_text().split()[0]))
        # a process that used the server and was killed before it let go: its pid stays in the list
        killed = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        handles = data_dir / ".handle_pids.json"
        handles.write_text(json.dumps([*json.loads(handles.read_text()), killed.pid]))
        assert killed.pid in prune_postgres_handles(data_dir)  # still running: kept
        killed.kill()
        killed.wait()

        pg.stop()

        deadline = time.monotonic() + 10
        while postmaster.is_running() and postmaster.status() != psutil.STATUS_ZOMBIE and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not postmaster.is_running() or postmaster.status() == psutil.STATUS_ZOMBIE
        assert json.loads(handles.read_text()) == []
    finally:
        pg.stop()
        if postmaster is not None and postmaster.is_running():  # the test failed: don't leave it behind
            postmaster.terminate()
            postmaster.wait(10)
        shutil.rmtree(data_dir, ignore_errors=True)
