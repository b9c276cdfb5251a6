"""Every test layer, in turns chosen for two cores, and where the time went: `make test` runs this.

`make test` passes its set-up and its static checks. The set-up (`--setup`: the Python and front-end packages, whose
install mostly waits on the disk and the network, and the front-end build) starts first, the front-end tests (vitest,
on both cores) as soon as their packages are in, and the Python suite (pytest on three pytest-xdist workers, each
with its own PostgreSQL, Redis and Temporal, in a shuffled order whose seed is printed) when both have ended, not at
all when the set-up failed. The static checks (`--checks`: lint, type checks, the API types), which no test waits
for, run beside the Python suite at the lowest priority, in the cycles its journeys leave while they wait on a
browser or a workflow (about a seventh of two cores). Side by side (`--side-by-side`) the test layers finish a
little sooner on an idle machine, but vitest's page tests then share two cores with three browsers and their
servers, which is where their waits came close to the library's default second. Each layer writes its output to
.test-reports/<layer>.log (the tests' JUnit report beside it); when it ends its output is printed whole, and at the
end a table of each layer's time and the ten slowest tests, and the closing line `tests: N passed, N failed`. The
exit status is non-zero when any layer failed.

    python tests/layers.py                  # every layer
    python tests/layers.py --only pytest    # one layer (vitest or pytest)
    python tests/layers.py --seed 1234      # the order of an earlier run
    python tests/layers.py -- tests/e2e     # arguments after -- go to pytest
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / ".test-reports"
# the project's virtualenv, made by the set-up (this file needs only the standard library: it may start before it)
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
# the static checks' priority beside the Python suite: they wait whenever a test would
CHECKS_NICENESS = 19
# xdist workers: three keep two cores busy while one waits on a browser or a workflow (measured: README, Testing)
WORKERS = os.environ.get("PYTEST_WORKERS", "3")


@dataclass
class Layer:
    name: str
    command: list[str]
    cwd: Path
    junit: Path | None
    niceness: int = 0
    # what it needs from a set-up beside it (vitest: the front end's packages, `made`), started once it answers true
    ready: Callable[[], bool] | None = field(default=None, repr=False)
    started: float = 0.0
    seconds: float = 0.0
    returncode: int | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def log(self) -> Path:
        return REPORTS / f"{self.name}.log"

    def start(self, env: dict[str, str]) -> None:
        if self.junit is not None:
            self.junit.unlink(missing_ok=True)
        self.started = time.monotonic()
        niceness = self.niceness
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, stdout=out, stderr=subprocess.STDOUT,
                                            env=env, preexec_fn=(lambda: os.nice(niceness)) if niceness else None)

    def ended(self) -> bool:
        """Whether it has ended (its time and exit status are taken the first time it is seen ended)."""
        assert self.process is not None
        if self.returncode is None and self.process.poll() is not None:
            self.returncode = self.process.returncode
            self.seconds = time.monotonic() - self.started
        return self.returncode is not None


@dataclass
class Case:
    layer: str
    name: str
    seconds: float
    failed: bool
    skipped: bool


def cases(layer: Layer) -> list[Case]:
    """The test cases of a layer's JUnit report (none when it wrote none)."""
    if layer.process is None or layer.junit is None or not layer.junit.is_file():  # not run: an old report
        return []
    found = []
    for case in ET.parse(layer.junit).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}".strip(":")
        failed = case.find("failure") is not None or case.find("error") is not None
        found.append(Case(layer.name, name, float(case.get("time") or 0), failed, case.find("skipped") is not None))
    return found


def group(case: Case) -> str:
    """The row a test counts in: vitest, or pytest's folder (unit, integration, workflows, e2e, fuzz)."""
    if case.layer != "pytest":
        return case.layer
    parts = case.name.split(".")
    return f"pytest {parts[1]}" if len(parts) > 2 and parts[0] == "tests" else "pytest"


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def minutes(seconds: float) -> str:
    """m:ss.s, rounded to the tenth first (419.97 s is 7:00.0, not 6:60.0)."""
    tenths = round(seconds * 10)
    return f"{tenths // 600}:{tenths % 600 / 10:04.1f}"


def summary(layers: list[Layer], wall: float) -> tuple[str, int, int]:
    """The table of layers and slowest tests, and the totals passed and failed."""
    every = [c for layer in layers for c in cases(layer)]
    header = f"{'layer':<22}{'wall':>10}{'tests':>8}{'failed':>8}{'skipped':>9}  {'test time (sum)':>16}"
    lines = ["", "=" * 100, header]
    for layer in layers:
        mine = [c for c in every if c.layer == layer.name]
        lines.append(f"{layer.name:<22}{minutes(layer.seconds):>10}{len(mine):>8}{sum(c.failed for c in mine):>8}"
                     f"{sum(c.skipped for c in mine):>9}  {minutes(sum(c.seconds for c in mine)):>16}"
                     + ("" if layer.returncode == 0 else "   not run" if layer.process is None
                        else f"   exit {layer.returncode}"))
        if layer.name == "pytest":
            for name in sorted({group(c) for c in mine} - {"pytest"}):
                part = [c for c in mine if group(c) == name]
                lines.append(f"  {name:<20}{'':>10}{len(part):>8}{sum(c.failed for c in part):>8}"
                             f"{sum(c.skipped for c in part):>9}  {minutes(sum(c.seconds for c in part)):>16}")
    lines.append(f"{'all':<22}{minutes(wall):>10}{len(every):>8}{sum(c.failed for c in every):>8}")
    lines += ["", "ten slowest tests:"]
    for case in sorted(every, key=lambda c: -c.seconds)[:10]:
        lines.append(f"  {case.seconds:7.1f} s  {case.layer:<7} {case.name}")
    lines.append("=" * 100)
    failed = sum(c.failed for c in every) + sum(1 for layer in layers if layer.returncode != 0 and not
                                                 any(c.failed for c in every if c.layer == layer.name))
    passed = sum(1 for c in every if not c.failed and not c.skipped)
    return "\n".join(lines), passed, failed


def plan(tests: list[Layer], *, setup: Layer | None, checks: Layer | None, side_by_side: bool) -> list[list[Layer]]:
    """The turns: the test layers one after another (or all at once), the set-up beside the front-end tests when
    run first and alone (else before everything), the checks beside the last turn."""
    turns = [tests] if side_by_side else [[layer] for layer in tests]
    if setup:
        alone = bool(turns) and [layer.name for layer in turns[0]] == ["vitest"]
        turns = [[setup, *turns[0]], *turns[1:]] if alone else [[setup], *turns]
    if checks:
        turns = [*turns[:-1], [*turns[-1], checks]] if turns else [[checks]]
    return turns


def run(turns: list[list[Layer]], setup: Layer | None, env: dict[str, str]) -> None:
    """Each turn's layers at once (a layer with `ready` once it is), the next turn when they have all ended; nothing
    after a failed set-up (the Python suite needs its install and its build)."""
    def setup_failed() -> bool:
        return setup is not None and setup.returncode not in (None, 0)

    for turn in turns:
        waiting, running = list(turn), []
        while waiting or running:
            if setup_failed():
                waiting.clear()
            for layer in [layer for layer in waiting if layer.ready is None or layer.ready()]:
                print(f"started {layer.name}: {' '.join(layer.command)} (output: {shown(layer.log)})", flush=True)
                layer.start(env)
                waiting.remove(layer)
                running.append(layer)
            time.sleep(0.2)
            for layer in [layer for layer in running if layer.ended()]:
                running.remove(layer)
                print(f"{layer.name} ended in {minutes(layer.seconds)} with exit {layer.returncode}", flush=True)
        if setup_failed():
            return


def made(target: str, cwd: Path = ROOT) -> Callable[[], bool]:
    """Whether make holds `target` up to date (make's own rule, asked with `make -q`)."""
    def ready() -> bool:
        return subprocess.run(["make", "-q", target], cwd=cwd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    return ready


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["vitest", "pytest"], help="run one layer")
    parser.add_argument("--seed", type=int, default=None, help="pytest-randomly's seed (default: a new one)")
    parser.add_argument("--workers", default=WORKERS, help="pytest-xdist workers (default %(default)s)")
    parser.add_argument("--side-by-side", action="store_true", help="start every layer at once (after the set-up)")
    parser.add_argument("--setup", help="a command that sets up, run beside the front-end tests (make test's)")
    parser.add_argument("--checks", help="a command no test waits for, run beside the Python suite at the lowest "
                                         "priority (make test's static checks)")
    parser.add_argument("--vitest-needs", metavar="TARGET", help="vitest starts once make holds this target up to "
                                                                   "date (make test's: the front end's packages)")
    parser.add_argument("pytest_args", nargs="*", help="after --: what pytest runs (default: tests)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    python = str(VENV_PYTHON) if args.setup or VENV_PYTHON.exists() else sys.executable
    REPORTS.mkdir(exist_ok=True)
    tests = [
        Layer("vitest", ["npx", "vitest", "run", "--reporter=default", "--reporter=junit",
                         f"--outputFile.junit={REPORTS / 'vitest.xml'}"], ROOT / "frontend", REPORTS / "vitest.xml",
              ready=made(args.vitest_needs) if args.vitest_needs else None),
        Layer("pytest", [python, "-m", "pytest", *(args.pytest_args or ["tests"]), "-q", "-n", str(args.workers),
                         f"--randomly-seed={seed}",
                         f"--junitxml={REPORTS / 'pytest.xml'}", "-o", "junit_family=xunit1"],
              ROOT, REPORTS / "pytest.xml"),
    ]
    tests = [layer for layer in tests if args.only in (None, layer.name)]
    setup = Layer("set-up", shlex.split(args.setup), ROOT, None) if args.setup else None
    checks = Layer("checks", shlex.split(args.checks), ROOT, None, niceness=CHECKS_NICENESS) if args.checks else None
    turns = plan(tests, setup=setup, checks=checks, side_by_side=args.side_by_side)
    layers = [layer for turn in turns for layer in turn]
    print(f"pytest-randomly seed {seed} (again: python tests/layers.py --seed {seed})", flush=True)
    env = dict(os.environ, FORCE_COLOR="0", NO_COLOR="1")
    began = time.monotonic()
    run(turns, setup, env)
    wall = time.monotonic() - began
    for layer in layers:
        print(f"\n----- {layer.name} ({shown(layer.log)}) -----", flush=True)
        if layer.process is None:
            print("not run: the set-up failed")
            continue
        sys.stdout.write(layer.log.read_text(encoding="utf-8", errors="replace"))
    table, passed, failed = summary(layers, wall)
    print(table)
    print(f"pytest-randomly seed {seed}")
    print(f"tests: {passed} passed, {failed} failed")
    return 0 if all(layer.returncode == 0 for layer in layers) and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
