"""How the suite is dealt to pytest-xdist's workers: whole files, longest first, by recorded time.

- **Units.** Under `--dist loadfile` every test file is one unit: its module fixtures are made once, on one worker.
  (Dealing the long tests of a file one by one needs xdist's `loadgroup`, which groups nothing under pytest 9: it
  renames `item._nodeid`, which pytest 9 no longer reads.)
- **Order.** `pytest --record-durations` writes tests/durations.json, each test's seconds (set-up, call and
  tear-down) in that run. Every run orders the units longest first (a unit it does not know goes first, so a new
  file is never left for the tail) and `--no-loadscope-reorder` keeps that order; within a file the order stays
  pytest-randomly's shuffle. Record again when files grow or move: `make test-durations`.
- **Shards.** `--shard K/N` runs the K-th of N shards of similar recorded time (whole units), e.g. for a stress
  run of a part of the suite (`make test-stress`)."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

DURATIONS = Path(__file__).resolve().parents[1] / "durations.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--record-durations", action="store_true",
                     help=f"write each test's time to tests/{DURATIONS.name} (read to deal the longest first)")
    parser.addoption("--shard", default=None, metavar="K/N",
                     help="run the K-th of N shards of similar recorded time (whole units, longest first)")


def unit(nodeid: str) -> str:
    """The unit a test is dealt in: its file."""
    return nodeid.split("::", 1)[0]


def known() -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(DURATIONS.read_text()).items()}
    except (OSError, ValueError):
        return {}


def shards(units: dict[str, float], count: int) -> list[set[str]]:
    """Units dealt into `count` shards, each (longest first) to the shard with the least time so far."""
    loads = [0.0] * count
    dealt: list[set[str]] = [set() for _ in range(count)]
    for name, seconds in sorted(units.items(), key=lambda kv: (-kv[1], kv[0])):
        least = loads.index(min(loads))
        loads[least] += seconds
        dealt[least].add(name)
    return dealt


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Units longest first (then the shard's units only)."""
    seconds = known()
    per_unit: dict[str, float] = defaultdict(float)
    unknown: set[str] = set()
    for item in items:
        if item.nodeid in seconds:
            per_unit[unit(item.nodeid)] += seconds[item.nodeid]
        else:
            unknown.add(unit(item.nodeid))
    weight = {name: float("inf") if name in unknown else per_unit[name] for name in {unit(i.nodeid) for i in items}}
    items.sort(key=lambda item: -weight[unit(item.nodeid)])  # stable: a file's tests keep their shuffled order
    shard = config.getoption("--shard")
    if shard:
        k, n = (int(part) for part in shard.split("/"))
        if not 1 <= k <= n:
            raise pytest.UsageError(f"--shard {shard}: K must be between 1 and N")
        mine = shards({name: (1.0 if w == float("inf") else w) for name, w in weight.items()}, n)[k - 1]
        config.hook.pytest_deselected(items=[item for item in items if unit(item.nodeid) not in mine])
        items[:] = [item for item in items if unit(item.nodeid) in mine]


class Recorder:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration

    def pytest_sessionfinish(self) -> None:
        DURATIONS.write_text(json.dumps({k: round(v, 2) for k, v in sorted(self.seconds.items())}, indent=0) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    # the controller records (under xdist it receives every worker's reports); a worker only runs
    if config.getoption("--record-durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Recorder(), "crm-durations-recorder")
