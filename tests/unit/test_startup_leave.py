"""A process that stopped cleanly leaves with its exit code, its logs and its output flushed (api.core.startup.leave,
which the API and the worker end with instead of the interpreter's finalization)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = """
import logging, sys, threading, time
from api.core.startup import leave
logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(message)s")
threading.Thread(target=time.sleep, args=(60,), daemon=False).start()  # a thread that would hold a normal exit
logging.getLogger("t").info("the last log line")
sys.stdout.write("the last output")
leave(3)
"""


def test_leave_flushes_and_exits_with_its_code_at_once() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 3
    assert done.stdout == "the last output"
    assert "the last log line" in done.stderr
