"""How `make test` lays its work over two cores (tests/layers.py): the set-up beside the front-end tests, the static
checks beside the Python suite at the lowest priority, nothing after a failed set-up, each layer's own time."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tests import layers
from tests.layers import Layer, plan, run


@pytest.fixture(autouse=True)
def reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(layers, "REPORTS", tmp_path)
    return tmp_path


def shell(name: str, script: str, niceness: int = 0) -> Layer:
    return Layer(name, ["sh", "-c", script], Path.cwd(), None, niceness=niceness)


def names(turns: list[list[Layer]]) -> list[list[str]]:
    return [[layer.name for layer in turn] for turn in turns]


def test_the_set_up_runs_beside_the_front_end_tests_and_the_checks_beside_the_python_suite() -> None:
    vitest, pytest_, setup, checks = shell("vitest", ""), shell("pytest", ""), shell("set-up", ""), shell("checks", "")
    assert names(plan([vitest, pytest_], setup=setup, checks=checks, side_by_side=False)) == [
        ["set-up", "vitest"], ["pytest", "checks"]]
    assert names(plan([pytest_], setup=setup, checks=checks, side_by_side=False)) == [
        ["set-up"], ["pytest", "checks"]]
    assert names(plan([vitest, pytest_], setup=setup, checks=None, side_by_side=True)) == [
        ["set-up"], ["vitest", "pytest"]]
    assert names(plan([vitest, pytest_], setup=None, checks=None, side_by_side=False)) == [["vitest"], ["pytest"]]


def test_nothing_runs_after_a_failed_set_up(reports: Path) -> None:
    setup, vitest = shell("set-up", "exit 3"), shell("vitest", "true")
    pytest_, checks = shell("pytest", f"touch {reports}/ran"), shell("checks", f"touch {reports}/ran")
    run([[setup, vitest], [pytest_, checks]], setup, dict(os.environ))
    assert (setup.returncode, vitest.returncode) == (3, 0)
    assert pytest_.process is None and checks.process is None and not (reports / "ran").exists()
    table, passed, failed = layers.summary([setup, vitest, pytest_, checks], 1.0)
    assert "not run" in table and failed == 3 and passed == 0


def waits_for(path: Path) -> str:
    """Shell that waits for `path` (10 s at most, then fails)."""
    return f"for i in $(seq 200); do [ -f {path} ] && exit 0; sleep 0.05; done; exit 1"


def test_a_layer_beside_the_set_up_starts_once_what_it_needs_is_there_and_before_the_set_up_ends(
        reports: Path) -> None:
    setup = shell("set-up", f"touch {reports}/packages; {waits_for(reports / 'vitest-ran')}")
    vitest = shell("vitest", f"test -f {reports}/packages && touch {reports}/vitest-ran")
    vitest.ready = (reports / "packages").exists
    run([[setup, vitest]], setup, dict(os.environ))
    assert setup.returncode == vitest.returncode == 0


def test_a_layer_waits_for_what_make_holds_up_to_date(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("stamp: package.json\n\ttouch stamp\n")
    (tmp_path / "package.json").write_text("{}")
    installed = layers.made("stamp", cwd=tmp_path)
    assert not installed()  # never installed
    (tmp_path / "stamp").touch()
    assert installed()
    os.utime(tmp_path / "package.json", (time.time() + 10, time.time() + 10))
    assert not installed()  # the packages changed since


def test_the_checks_run_at_the_lowest_priority_and_each_layer_keeps_its_own_time(reports: Path) -> None:
    suite = shell("pytest", f"{waits_for(reports / 'nice')}; sleep 0.5")
    checks = shell("checks", f"{sys.executable} -c 'import os; print(os.nice(0))' > {reports}/nice.part && "
                             f"mv {reports}/nice.part {reports}/nice", niceness=layers.CHECKS_NICENESS)
    run([[suite, checks]], None, dict(os.environ))
    assert (reports / "nice").read_text().strip() == str(os.nice(0) + layers.CHECKS_NICENESS)
    assert suite.returncode == checks.returncode == 0
    assert checks.seconds < suite.seconds


@pytest.mark.parametrize(("seconds", "shown"), [(419.97, "7:00.0"), (59.94, "0:59.9"), (0, "0:00.0"),
                                                 (925.5, "15:25.5"), (3600.04, "60:00.0")])
def test_the_table_rounds_to_the_tenth_before_it_splits_minutes(seconds: float, shown: str) -> None:
    assert layers.minutes(seconds) == shown
