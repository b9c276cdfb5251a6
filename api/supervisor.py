"""Keeps `make run`'s long-running children (the worker, the API) up: one that exits unexpectedly is started again
after a delay that doubles with each quick failure (1 s, 2 s, 4 s ... capped) and resets once it has run stably."""

from __future__ import annotations

import ctypes
import logging
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("supervisor")


def _die_with_parent() -> None:
    """In the child before exec: be sent SIGTERM if the supervisor itself dies (killed, crashed), so a child never
    outlives it; the child has its own process group, so Ctrl-C reaches it only through the supervisor."""
    if sys.platform == "linux":
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


@dataclass
class Child:
    """One supervised command and its restart state."""

    name: str
    argv: list[str]
    env: dict[str, str] | None = None
    proc: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    quick_failures: int = 0  # exits in a row that came before the child had run stably
    restart_at: float | None = None
    restarts: int = 0

    def start(self, now: float) -> None:
        self.proc = subprocess.Popen(self.argv, env=self.env, process_group=0, preexec_fn=_die_with_parent)
        self.started_at = now
        self.restart_at = None


@dataclass
class Supervisor:
    """Starts its children, restarts each one that exits (growing delay), and stops them all in reverse order."""

    children: list[Child]
    base_delay: float = 1.0
    max_delay: float = 30.0
    stable_after: float = 60.0  # a child that ran this long before exiting starts again after base_delay
    clock: Callable[[], float] = time.monotonic
    stopping: bool = field(default=False, init=False)

    def delay_for(self, quick_failures: int) -> float:
        """1 s after the first quick failure, then doubling up to max_delay."""
        return min(self.base_delay * 2 ** max(quick_failures - 1, 0), self.max_delay)

    def start(self) -> None:
        for child in self.children:
            child.start(self.clock())
            log.info("%s started (pid %s)", child.name, child.proc.pid if child.proc else "?")

    def poll(self) -> None:
        """Notice exited children, schedule their restart, and restart those whose delay has passed."""
        if self.stopping:
            return
        now = self.clock()
        for child in self.children:
            if child.restart_at is None and child.proc is not None and child.proc.poll() is not None:
                ran = now - child.started_at
                child.quick_failures = 1 if ran >= self.stable_after else child.quick_failures + 1
                delay = self.delay_for(child.quick_failures)
                child.restart_at = now + delay
                log.error("%s exited with code %s; restarting in %s s", child.name, child.proc.returncode,
                          f"{delay:g}")
            elif child.restart_at is not None and now >= child.restart_at:
                child.start(now)
                child.restarts += 1
                log.info("%s restarted (pid %s)", child.name, child.proc.pid if child.proc else "?")

    def stop(self, timeout: float = 10.0) -> None:
        """Terminate every child (last started first), killing any that does not exit within timeout."""
        self.stopping = True
        for child in reversed(self.children):
            proc = child.proc
            if proc is None or proc.poll() is not None:
                continue
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                log.warning("%s did not stop within %s s; killing it", child.name, f"{timeout:g}")
                proc.kill()
                proc.wait()
