"""The import linter's contracts (pyproject.toml) hold: the API imports only the workflows' contracts, the contracts
stand alone, the workflow layers go one way and the API's domains import each other without cycles."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_an_api_module_importing_a_workflow_breaks_a_contract(tmp_path: Path) -> None:
    """The check can fail: a copy of the tree where the API imports a workflow module is refused."""
    lint = Path(sys.executable).with_name("lint-imports")
    for package in ("api", "workflows", "worker", "policies"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "api" / "core" / "temporal.py").write_text(
        (ROOT / "api" / "core" / "temporal.py").read_text() + "\nfrom workflows.approval import ApprovalWorkflow\n")
    done = subprocess.run([str(lint), "--no-cache"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(tmp_path), "PATH": ""})
    assert done.returncode != 0
    assert "The API imports only the workflows' contracts" in done.stdout
    assert "BROKEN" in done.stdout
