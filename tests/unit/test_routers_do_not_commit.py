"""Services commit, routers do not (issue 35): a route hands its work to one service call, which owns its
transaction and what follows the commit (telling other processes, the live bell, workflows). A router that commits
fails here."""

from __future__ import annotations

import ast
from pathlib import Path

API = Path(__file__).resolve().parents[2] / "api"


def _commits(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(), filename=str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"]


def test_no_router_commits() -> None:
    routers = [p for p in API.rglob("*.py") if p.name == "router.py" or p.name.endswith("_router.py")]
    assert len(routers) > 20  # the walk found the routers
    found = {str(p.relative_to(API.parent)): lines for p in routers if (lines := _commits(p))}
    assert found == {}, f"routers that commit (move it into the service): {found}"


def test_the_check_sees_a_commit(tmp_path: Path) -> None:
    planted = tmp_path / "router.py"
    planted.write_text("def route(session):\n    session.commit()\n")
    assert _commits(planted) == [2]
