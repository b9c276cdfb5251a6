"""The cyclic garbage collector during a process's start (the API's and the worker's).

Loading the modules and building the app makes some 250,000 objects that live as long as the process, and the
collector walked them over and over while they were made: a fifth of the CPU of a start. So a process holds it
(`hold_collector`, first thing) and lets it go once started (`release_collector`), freezing what the start made:
out of every later pass (a full pass over it took some 200 ms every few dozen large answers: bench/schedule.py's
p95). Not even one pass is made for the start's own garbage: it left about 2,000 unreachable objects (about a
megabyte, frozen with the rest), and finding them walked all 250,000 for a tenth of the start's CPU."""

from __future__ import annotations

import gc


def hold_collector() -> None:
    gc.disable()


def release_collector() -> None:
    gc.freeze()
    gc.enable()
