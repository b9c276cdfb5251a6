"""How the suite is dealt to pytest-xdist's workers: whole files, longest first, by recorded time.

- **Units.** Under `--dist loadgroup` every test file is one unit (its module fixtures are made once, on one
  worker), except the files in SPREAD, whose tests are long and independent: each of their tests is a unit of its
  own, so one long file does not keep one worker busy while the others idle.
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
# long files of independent tests, dealt test by test
SPREAD = frozenset({"tests/e2e/test_screens_tour.py", "tests/fuzz/test_schema_fuzzing.py"})


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--record-durations", action="store_true",
                     help=f"write each test's time to tests/{DURATIONS.name} (read to deal the longest first)")
    parser.addoption("--shard", default=None, metavar="K/N",
                     help="run the K-th of N shards of similar recorded time (whole units, longest first)")


def test_id(nodeid: str) -> str:
    """A node id without the xdist group that loadgroup appends to it."""
    return nodeid.rsplit("@", 1)[0] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid


def test_file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def unit(nodeid: str) -> str:
    """The unit a test is dealt in: its file, or itself in a SPREAD file."""
    file = test_file(nodeid)
    return test_id(nodeid) if file in SPREAD else file


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
    """Units longest first, then (before xdist names the groups) each file's tests grouped as one unit."""
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
    for item in items:
        if test_file(item.nodeid) not in SPREAD:
            item.add_marker(pytest.mark.xdist_group(test_file(item.nodeid)))


class Recorder:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[test_id(report.nodeid)] += report.duration

    def pytest_sessionfinish(self) -> None:
        DURATIONS.write_text(json.dumps({k: round(v, 2) for k, v in sorted(self.seconds.items())}, indent=0) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    # the controller records (under xdist it receives every worker's reports); a worker only runs
    if config.getoption("--record-durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Recorder(), "crm-durations-recorder")
