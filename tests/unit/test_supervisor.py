"""The supervisor's restart schedule, on real child processes and a clock the test moves (no waiting on time)."""

from __future__ import annotations

import logging
import sys

import pytest

from api.supervisor import Child, Supervisor

EXITS = [sys.executable, "-c", "import sys; sys.exit(3)"]
SLEEPS = [sys.executable, "-c", "import time; time.sleep(600)"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _exit_noticed(sup: Supervisor, child: Child) -> None:
    assert child.proc is not None
    child.proc.wait(30)
    sup.poll()


def test_a_child_that_keeps_failing_waits_twice_as_long_each_time_up_to_the_cap(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    child = Child("worker", EXITS)
    sup = Supervisor([child], base_delay=1, max_delay=8, stable_after=60, clock=clock)
    caplog.set_level(logging.INFO, logger="supervisor")
    sup.start()
    delays = []
    for _ in range(5):
        _exit_noticed(sup, child)
        assert child.restart_at is not None
        delays.append(child.restart_at - clock.now)
        first = child.proc
        clock.now = child.restart_at - 0.1
        sup.poll()
        assert child.proc is first  # not before its delay
        clock.now = child.restart_at
        sup.poll()
        assert child.proc is not first and child.restart_at is None
    assert delays == [1, 2, 4, 8, 8]
    assert child.restarts == 5
    assert "worker exited with code 3; restarting in 1 s" in caplog.text
    assert "worker exited with code 3; restarting in 8 s" in caplog.text
    sup.stop()


def test_a_child_that_ran_stably_before_it_failed_is_restarted_after_the_first_delay_again() -> None:
    clock = Clock()
    child = Child("API", EXITS)
    sup = Supervisor([child], base_delay=1, max_delay=30, stable_after=60, clock=clock)
    sup.start()
    for _ in range(3):  # three quick failures: 1, 2, 4
        _exit_noticed(sup, child)
        assert child.restart_at is not None
        clock.now = child.restart_at
        sup.poll()
    clock.now += 61  # this run lasted past stable_after
    _exit_noticed(sup, child)
    assert child.restart_at == clock.now + 1
    sup.stop()


def test_stop_ends_every_child_and_restarts_nothing_afterwards() -> None:
    clock = Clock()
    children = [Child("worker", SLEEPS), Child("API", SLEEPS)]
    sup = Supervisor(children, clock=clock)
    sup.start()
    sup.poll()
    assert all(c.proc is not None and c.proc.poll() is None for c in children)
    sup.stop()
    assert all(c.proc is not None and c.proc.returncode is not None for c in children)
    clock.now += 100
    sup.poll()
    assert all(c.restart_at is None and c.restarts == 0 for c in children)
