"""The bounded pool every password check runs on, so that sign-ins cannot starve the rest of the API.

A check costs about 25 ms of CPU (argon2id, api/core/security.py) and argon2 releases the GIL while it hashes, so a
few threads of their own run the checks beside the requests. `password_verify_workers` checks run at once and
`password_verify_queue` more wait their turn; a check beyond those is refused at once, without hashing anything:
429 "Too many sign-ins at once. Try again in a moment." with Retry-After. A burst of sign-ins therefore holds at most
workers + queue of the request threads and `password_verify_workers` cores, whatever its size. The pool's threads
run at a lower CPU priority (`password_verify_nice`): when the cores are busy, the requests of people already signed
in (and the database beside the API) go first and the checks take the time left, so a burst of sign-ins slows the
sign-ins (and, beyond the queue, refuses them) rather than everything else.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from typing import ParamSpec, TypeVar

from api.core.config import get_settings
from api.core.errors import TooManyRequests

BUSY = "Too many sign-ins at once. Try again in a moment."
RETRY_AFTER_SECONDS = 1  # a check takes tens of milliseconds: the queue is empty again well within a second

P = ParamSpec("P")
T = TypeVar("T")


class BoundedPool:
    """`workers` threads (`nice` steps below the process's CPU priority) and room for `queue` more calls waiting; a
    call beyond those is refused, never queued."""

    def __init__(self, *, workers: int, queue: int, nice: int = 0) -> None:
        self.workers, self.queue = workers, queue
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="password-check",
                                            initializer=_lower_priority, initargs=(nice,))
        self._slots = threading.BoundedSemaphore(workers + queue)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Start `fn` on the pool, or raise TooManyRequests (retryAfter) at once when the pool and its queue are
        full."""
        if not self._slots.acquire(blocking=False):
            raise TooManyRequests(BUSY, extra={"retryAfter": RETRY_AFTER_SECONDS})
        try:
            future = self._executor.submit(fn, *args, **kwargs)
        except RuntimeError:  # the pool is shut down (the process is stopping): the slot is not taken
            self._slots.release()
            raise
        future.add_done_callback(lambda _: self._slots.release())
        return future


def _lower_priority(nice: int) -> None:
    """Run this thread `nice` steps below the process's priority (Linux schedules each thread on its own; elsewhere
    the pool runs at the process's priority)."""
    if nice and sys.platform == "linux":
        native_id = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, native_id, os.getpriority(os.PRIO_PROCESS, native_id) + nice)


_made = threading.Lock()  # the first sign-ins of a process arrive together: one pool for all of them


@lru_cache(maxsize=1)
def _pool(workers: int, queue: int, nice: int) -> BoundedPool:
    return BoundedPool(workers=workers, queue=queue, nice=nice)


def pool() -> BoundedPool:
    """This process's pool, as the settings size it (password_verify_workers, _queue, _nice)."""
    settings = get_settings()
    with _made:
        return _pool(settings.password_verify_workers, settings.password_verify_queue, settings.password_verify_nice)


def run(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`fn`'s result, computed on the pool (the caller's thread waits for it); TooManyRequests when the pool is full."""
    return pool().submit(fn, *args, **kwargs).result()
