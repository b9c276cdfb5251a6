"""What the two safety nets share: one long-lived workflow per deployment that makes a pass every 20 seconds (the
spec's periodic task), sleeps in between, and continues as new every few hours. An idle pass adds a handful of
events to that one run and starts nothing, so the workflow list shows a sweep as one running workflow (and a
finished run every few hours), plus the workflows a pass starts when it finds work."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any, NoReturn

from temporalio import workflow
from temporalio.exceptions import CancelledError, FailureError

with workflow.unsafe.imports_passed_through():
    from workflows.contracts.sweeps import PAUSE, Sweep


class Sweeping:
    """A sweep workflow's loop, its `pause` update and its current details (a sweep workflow class derives from
    it and says what a pass does)."""

    EVERY = timedelta(seconds=20)
    PASSES = 720  # a fresh run every 4 hours (sooner when the server suggests it)
    WHAT = "a pass"  # what a pass does, for the current details

    def __init__(self) -> None:
        self.paused = False
        self.busy = False  # a pass is running
        self.passes = 0
        self.every = self.EVERY
        self.limit = self.PASSES
        self.last = "no pass yet"

    async def sweep_for_good(self, sweep: Sweep, one_pass: Callable[[], Awaitable[str]],
                             args: Sequence[Any]) -> NoReturn:
        """Pass, sleep, pass... then continue as new with `args` and the sweep as it stands (paused or not).
        `one_pass` answers what it found."""
        self.paused = sweep.paused
        self.every = timedelta(seconds=sweep.every_seconds) if sweep.every_seconds else self.EVERY
        self.limit = sweep.passes or self.PASSES
        self._show()
        while self.passes < self.limit and not workflow.info().is_continue_as_new_suggested():
            await workflow.wait_condition(lambda: not self.paused)
            self.busy = True
            try:
                found = await one_pass()
                self.last = f"last pass {workflow.now():%H:%M:%S} UTC: {found}"
            except CancelledError:
                raise
            except FailureError as exc:  # a failed pass must not end the sweep: the next one tries again
                workflow.logger.warning("sweep pass failed: %s", exc)
                self.last = f"last pass {workflow.now():%H:%M:%S} UTC failed: {exc}"
            finally:
                self.busy = False
            self.passes += 1
            self._show()
            await workflow.sleep(self.every)
        await workflow.wait_condition(workflow.all_handlers_finished)
        workflow.continue_as_new(args=[*args, replace(sweep, paused=self.paused)])

    def _show(self) -> None:
        state = "**Paused** (resume: update `pause` with `false`)" if self.paused else \
            f"Every {self.every.total_seconds():g} s: {self.WHAT}"
        workflow.set_current_details(f"{state}\n\n{self.last[:1].upper()}{self.last[1:]}; pass {self.passes} of "
                                     f"this run (a new run after {self.limit}).")

    @workflow.update(name=PAUSE)
    async def pause(self, paused: bool) -> None:
        """Pause (True) or resume (False) the sweep; a pause answers once no pass is running."""
        self.paused = paused
        self._show()
        await workflow.wait_condition(lambda: not self.busy)

    @pause.validator
    def validate_pause(self, paused: bool) -> None:
        """Nothing to refuse; with a validator, the worker's check of sealed arguments runs (worker/sealing.py)."""
