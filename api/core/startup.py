"""A process's start (the API's and the worker's): the bytecode of the product's modules, and the cyclic garbage
collector.

Bytecode: where PYTHONDONTWRITEBYTECODE is set (the production image, these machines) Python never writes the
`.pyc` of a module it compiles, so every start compiled the product's 300 modules from source again: a quarter of a
second of CPU. What starts processes (the image's build, `make run`, the tests, bench/cold_start.py) writes it first
with `compile_sources`; a module changed since is compiled from source as before.

Collector: loading the modules and building the app makes some 250,000 objects that live as long as the process,
and the collector walked them over and over while they were made: a fifth of the CPU of a start. So a process holds
it (`hold_collector`, first thing) and lets it go once started (`release_collector`), freezing what the start made:
out of every later pass (a full pass over it took some 200 ms every few dozen large answers: bench/schedule.py's
p95). Not even one pass is made for the start's own garbage: it left about 2,000 unreachable objects (about a
megabyte, frozen with the rest), and finding them walked all 250,000 for a tenth of the start's CPU.

End: a process that stopped cleanly leaves without the interpreter's finalization (`leave`), which Temporal's native
threads can turn into an abort."""

from __future__ import annotations

import compileall
import contextlib
import gc
import logging
import os
import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "workflows", "worker", "policies")


def compile_sources(root: Path = ROOT) -> None:
    """Write the bytecode of the product's modules that lack it or whose source changed (in __pycache__ beside
    them, as Python would); a tree that cannot be written is left as it is."""
    for package in PACKAGES:
        if (root / package).is_dir():
            compileall.compile_dir(root / package, quiet=2)


def hold_collector() -> None:
    gc.disable()


def release_collector() -> None:
    gc.freeze()
    gc.enable()


def leave(code: int = 0) -> NoReturn:
    """End a process that has stopped cleanly without the interpreter's finalization: Temporal's native threads
    (its client's and worker's Rust runtime) may still call into Python then, and CPython aborts the process
    ("PyGILState_Release: thread state must be current", SIGABRT) after a clean stop (temporalio/sdk-python#300).
    What finalization would have flushed is flushed first: the spans still batched, the logs, the standard streams."""
    from api.core import tracing  # cold start: this module loads first in every process, before the settings

    tracing.shutdown()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed or broken stream has nothing to flush
            stream.flush()
    os._exit(code)
