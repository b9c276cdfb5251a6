"""The bounded pool password checks run on: a few at once, a few waiting, the rest refused at once."""

from __future__ import annotations

import os
import threading

import pytest

from api.core.config import Settings
from api.core.errors import TooManyRequests
from api.core.password_pool import BUSY, BoundedPool


def test_a_deployment_checks_two_passwords_at_once_with_eight_waiting() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (settings.password_verify_workers, settings.password_verify_queue) == (2, 8)


def test_a_call_beyond_the_workers_and_the_queue_is_refused_at_once_and_never_runs() -> None:
    pool = BoundedPool(workers=1, queue=2)
    release = threading.Event()
    held = [pool.submit(release.wait, 10) for _ in range(3)]  # one running, two waiting
    ran = threading.Event()
    with pytest.raises(TooManyRequests) as refused:
        pool.submit(ran.set)
    assert (refused.value.messages, refused.value.extra) == ([BUSY], {"retryAfter": 1})
    release.set()
    assert [f.result(10) for f in held] == [True, True, True]
    assert not ran.is_set()
    # the slots came back: as many calls as before fit again
    assert [f.result(10) for f in [pool.submit(lambda n=n: n) for n in range(3)]] == [0, 1, 2]


def test_a_call_that_fails_gives_its_slot_back() -> None:
    pool = BoundedPool(workers=1, queue=0)

    def boom() -> None:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        pool.submit(boom).result(10)
    assert pool.submit(lambda: "free").result(10) == "free"


def test_the_pools_threads_run_below_the_callers_cpu_priority() -> None:
    def priority() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    mine = priority()
    assert BoundedPool(workers=1, queue=0, nice=5).submit(priority).result(10) == min(19, mine + 5)
    assert priority() == mine  # the caller's own thread is left as it was
    assert Settings(_env_file=None).password_verify_nice == 10  # type: ignore[call-arg]
