"""Every test layer, in turns chosen for two cores, and where the time went: `make test` runs this after its set-up.

The front-end tests (vitest, on both cores) run first, then the Python suite (pytest on three pytest-xdist workers,
each with its own PostgreSQL, Redis and Temporal, in a shuffled order whose seed is printed). Side by side
(`--side-by-side`) they finish a little sooner on an idle machine, but vitest's page tests then share two cores with
three browsers and their servers, which is where their waits came close to the library's default second. Each layer
writes its output to .test-reports/<layer>.log and a JUnit report beside it; when it ends its output is printed
whole, and at the end a table of each layer's time and the ten slowest tests, and the closing line
`tests: N passed, N failed`. The exit status is non-zero when any layer failed.

    python tests/layers.py                  # every layer
    python tests/layers.py --only pytest    # one layer (vitest or pytest)
    python tests/layers.py --seed 1234      # the order of an earlier run
    python tests/layers.py -- tests/e2e     # arguments after -- go to pytest
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / ".test-reports"
PYTHON = sys.executable
# xdist workers: three keep two cores busy while one waits on a browser or a workflow (measured: README, Testing)
WORKERS = os.environ.get("PYTEST_WORKERS", "3")


@dataclass
class Layer:
    name: str
    command: list[str]
    cwd: Path
    junit: Path
    started: float = 0.0
    seconds: float = 0.0
    returncode: int | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def log(self) -> Path:
        return REPORTS / f"{self.name}.log"

    def start(self, env: dict[str, str]) -> None:
        self.junit.unlink(missing_ok=True)
        self.started = time.monotonic()
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, stdout=out, stderr=subprocess.STDOUT,
                                            env=env)

    def wait(self) -> None:
        assert self.process is not None
        self.returncode = self.process.wait()
        self.seconds = time.monotonic() - self.started


@dataclass
class Case:
    layer: str
    name: str
    seconds: float
    failed: bool
    skipped: bool


def cases(layer: Layer) -> list[Case]:
    """The test cases of a layer's JUnit report (none when it wrote none)."""
    if not layer.junit.is_file():
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


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def summary(layers: list[Layer], wall: float) -> tuple[str, int, int]:
    """The table of layers and slowest tests, and the totals passed and failed."""
    every = [c for layer in layers for c in cases(layer)]
    header = f"{'layer':<22}{'wall':>10}{'tests':>8}{'failed':>8}{'skipped':>9}  {'test time (sum)':>16}"
    lines = ["", "=" * 100, header]
    for layer in layers:
        mine = [c for c in every if c.layer == layer.name]
        lines.append(f"{layer.name:<22}{minutes(layer.seconds):>10}{len(mine):>8}{sum(c.failed for c in mine):>8}"
                     f"{sum(c.skipped for c in mine):>9}  {minutes(sum(c.seconds for c in mine)):>16}"
                     + ("" if layer.returncode == 0 else f"   exit {layer.returncode}"))
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["vitest", "pytest"], help="run one layer")
    parser.add_argument("--seed", type=int, default=None, help="pytest-randomly's seed (default: a new one)")
    parser.add_argument("--workers", default=WORKERS, help="pytest-xdist workers (default %(default)s)")
    parser.add_argument("--side-by-side", action="store_true", help="start every layer at once")
    parser.add_argument("pytest_args", nargs="*", help="after --: what pytest runs (default: tests)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    REPORTS.mkdir(exist_ok=True)
    layers = [
        Layer("vitest", ["npx", "vitest", "run", "--reporter=default", "--reporter=junit",
                         f"--outputFile.junit={REPORTS / 'vitest.xml'}"], ROOT / "frontend", REPORTS / "vitest.xml"),
        Layer("pytest", [PYTHON, "-m", "pytest", *(args.pytest_args or ["tests"]), "-q", "-n", str(args.workers),
                         f"--randomly-seed={seed}",
                         f"--junitxml={REPORTS / 'pytest.xml'}", "-o", "junit_family=xunit1"],
              ROOT, REPORTS / "pytest.xml"),
    ]
    layers = [layer for layer in layers if args.only in (None, layer.name)]
    print(f"pytest-randomly seed {seed} (again: python tests/layers.py --seed {seed})", flush=True)
    env = dict(os.environ, FORCE_COLOR="0", NO_COLOR="1")
    began = time.monotonic()
    turns = [layers] if args.side_by_side else [[layer] for layer in layers]
    for turn in turns:
        for layer in turn:
            print(f"started {layer.name}: {' '.join(layer.command)} (output: {layer.log.relative_to(ROOT)})",
                  flush=True)
            layer.start(env)
        for layer in turn:
            layer.wait()
            print(f"{layer.name} ended in {minutes(layer.seconds)} with exit {layer.returncode}", flush=True)
    wall = time.monotonic() - began
    for layer in layers:
        print(f"\n----- {layer.name} ({layer.log.relative_to(ROOT)}) -----", flush=True)
        sys.stdout.write(layer.log.read_text(encoding="utf-8", errors="replace"))
    table, passed, failed = summary(layers, wall)
    print(table)
    print(f"pytest-randomly seed {seed}")
    print(f"tests: {passed} passed, {failed} failed")
    return 0 if all(layer.returncode == 0 for layer in layers) and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
