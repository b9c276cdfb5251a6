"""The import linter's contracts (pyproject.toml) hold: the API imports only the workflows' contracts, the contracts
stand alone, the workflow layers go one way and the API's domains import each other without cycles."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def test_the_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _planted(tmp_path: Path, module: str, line: str) -> str:
    """The import contracts' report on a copy of the tree with `line` added to `module` (a path under the root)."""
    for package in ("api", "workflows", "worker", "policies"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    planted = tmp_path / module
    planted.write_text(planted.read_text() + f"\n{line}\n")
    done = subprocess.run([str(Path(sys.executable).with_name("lint-imports")), "--no-cache"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(tmp_path), "PATH": ""})
    assert done.returncode != 0
    return " ".join(done.stdout.split())


def test_an_api_module_importing_a_workflow_breaks_a_contract(tmp_path: Path) -> None:
    """The check can fail: a copy of the tree where the API imports a workflow module is refused."""
    report = _planted(tmp_path, "api/core/temporal/client.py", "from workflows.approval import ApprovalWorkflow")
    assert "The API imports only the workflows' contracts" in report and "BROKEN" in report


def test_an_api_module_importing_temporalio_breaks_a_contract(tmp_path: Path) -> None:
    """Only the Temporal client (api.core.temporal) talks to Temporal: a decision module importing the SDK itself is
    refused."""
    report = _planted(tmp_path, "api/approvals/decisions.py",
                      "from temporalio.client import WorkflowUpdateFailedError  # noqa")
    assert "Only the API's Temporal client (api.core.temporal) imports temporalio BROKEN" in report
    assert "api.approvals.decisions -> temporalio" in report


def test_a_domain_importing_one_above_it_breaks_the_acyclic_contract(tmp_path: Path) -> None:
    """Clients sit below leads (leads import clients; client management's lead counts are api.client_views, above
    both): a clients module importing leads is a cycle, refused."""
    report = _planted(tmp_path, "api/clients/repository.py", "from api.leads.models import Lead  # noqa")
    assert "The API's domains do not import each other in cycles BROKEN" in report



def test_a_domain_importing_a_read_model_breaks_a_contract(tmp_path: Path) -> None:
    """The screens that join domains sit above them (api.lead_views, api.request_lists...): a domain reaching up into
    one, even where no cycle follows, is refused."""
    report = _planted(tmp_path, "api/holidays/router.py", "from api.lead_views import cards  # noqa")
    assert "no domain imports one BROKEN" in report
    assert "api.holidays.router -> api.lead_views.cards" in report

def _nested_first_party_imports(path: Path) -> list[tuple[str, str, list[str]]]:
    """Imports of api, workflows or worker placed inside a function (what kept a cycle from failing at start): where,
    the line, and the modules it may import (`from worker import main`: worker and worker.main)."""
    found = []
    lines = path.read_text().splitlines()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                names = [inner.module or ""] if isinstance(inner, ast.ImportFrom) else \
                    [a.name for a in inner.names] if isinstance(inner, ast.Import) else []
                if any(n.split(".")[0] in ("api", "workflows", "worker") for n in names):
                    if isinstance(inner, ast.ImportFrom):
                        names += [f"{inner.module}.{a.name}" for a in inner.names]
                    found.append((f"{path.relative_to(ROOT)}:{inner.lineno}", lines[inner.lineno - 1], names))
    return found


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_first_party_imports_sit_at_the_top_of_their_files() -> None:
    """Except the few that a process loads on first use so that it starts in seconds (tests/unit/test_cold_start.py):
    each says so on its line (`# cold start: why`), and nothing it imports leads back to the module importing it, so
    no cycle hides behind it."""
    files = [p for package in ("api", "workflows", "worker") for p in (ROOT / package).rglob("*.py")]
    nested = {path: _nested_first_party_imports(path) for path in files}
    assert [where for hits in nested.values() for where, line, _ in hits if "# cold start: " not in line] == []
    graph = grimp.build_graph("api", "workflows", "worker", "policies")
    cycles = [(where, name) for path, hits in nested.items() for where, _, names in hits for name in names
              if name in graph.modules and graph.find_shortest_chain(importer=name, imported=_module(path))]
    assert cycles == []

