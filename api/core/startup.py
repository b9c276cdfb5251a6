"""The cyclic garbage collector during a process's start (the API's and the worker's).

Loading the modules and building the app makes some 300,000 objects that live as long as the process, and the
collector walked them over and over while they were made: a fifth of the CPU of a start. So a process holds it
(`hold_collector`, first thing) and lets it go once started (`release_collector`): one pass then, for the cycles
the start left, and what is left is frozen, out of every later pass (a full pass over it took some 200 ms every few
dozen large answers: bench/schedule.py's p95)."""

from __future__ import annotations

import gc


def hold_collector() -> None:
    gc.disable()


def release_collector() -> None:
    gc.collect()
    gc.freeze()
    gc.enable()
