"""Lead scoping is written once (api/leads/visibility.py) and every query over leads goes through it: `make lint`
runs this check.

A function that builds a `select(...)`, `update(...)` or `delete(...)` over a scoped model (a lead, or a table
hanging off one: see SCOPED) fails unless it goes through the scope module: it names something of
api.leads.visibility (`scoped`, `through_lead`, `visible_scope`, ...), or calls a function (or method) of its
own module that does. A query that needs no actor's scope says why with a marker comment, `# unscoped: <reason>`,
on the def line, the line above the def (or its decorators), or a line of the statement; whole files that act for
the system are listed once in EXCLUDED with their reason. The models are found by name in the statement's
arguments and in the join, outerjoin, select_from and join_from chained on it.

    python tests/lead_scope_lint.py [root ...]   # api/ unless told; exit 1 naming file:line and the model
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SCOPE_MODULE = "api.leads.visibility"

SCOPED = frozenset({
    "Lead", "LeadHistory",  # api/leads/models.py
    "Activity", "ActivityFile", "ActivitySchedule",  # api/activities/models.py
    "ProjectCostSheet", "ProjectCostSheetFile", "ProjectCostSheetHistory",  # api/pcs/models.py
    "ApprovalRequest",  # api/approvals/models.py
})

STATEMENTS = frozenset({"select", "update", "delete"})
JOINS = frozenset({"join", "outerjoin", "select_from", "join_from"})

# Files that act for the system, not for a person: no actor's scope applies to any of their queries.
EXCLUDED = {
    "api/leads/visibility.py": "the scope module itself",
    "api/seed.py": "demo and first-run data, written by the operator's command",
    "api/leads/seed.py": "demo data, written by the operator's command",
    "api/pcs/seed.py": "demo data, written by the operator's command",
    "api/activities/seed.py": "demo data, written by the operator's command",
    "api/approvals/seed.py": "demo data, written by the operator's command",
    "api/approvals/sweep_queries.py": "the worker's sweep over every request",
    "api/activities/schedule/reminders.py": "the worker's reminders of every schedule",
    "api/activities/schedule/lead_reminders.py": "the worker's reminders of every uncontacted lead",
}

MARKER = re.compile(r"#\s*unscoped:\s*\S")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    function: str
    model: str

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}: {self.function}() queries {self.model} without the lead scope "
                f"({SCOPE_MODULE}); apply it or mark the reason with '# unscoped: <reason>'")


def _scope_names(tree: ast.Module) -> set[str]:
    """The names this module binds to the scope module or to what it exports."""
    names: set[str] = set()
    parent, _, leaf = SCOPE_MODULE.rpartition(".")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == SCOPE_MODULE:
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == parent:
            names.update(alias.asname or alias.name for alias in node.names if alias.name == leaf)
        elif isinstance(node, ast.Import):
            names.update(alias.asname or alias.name.split(".")[0] for alias in node.names
                         if alias.name == SCOPE_MODULE)
    return names


def _uses(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _model(node: ast.AST) -> str | None:
    """The scoped model an argument names (`Lead`, `Lead.id`, `models.Lead`, `func.count(Lead.id)`)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in SCOPED:
            return n.id
        if isinstance(n, ast.Attribute) and n.attr in SCOPED:
            return n.attr
    return None


def _statement_models(call: ast.Call, chain: dict[ast.Call, ast.Call]) -> str | None:
    """The scoped model a select/update/delete names, in its arguments or in the joins chained on it."""
    found = next((m for m in map(_model, call.args) if m), None)
    node = call
    while found is None and node in chain:
        node = chain[node]
        if isinstance(node.func, ast.Attribute) and node.func.attr in JOINS:
            found = next((m for m in map(_model, node.args[:1]) if m), None)
    return found


def _chains(tree: ast.AST) -> dict[ast.Call, ast.Call]:
    """For each call, the call chained on its result (`select(X)` -> `select(X).join(Lead)`)."""
    chain: dict[ast.Call, ast.Call] = {}
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(node, ast.Call) and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call):
            chain[func.value] = node
    return chain


def _statement_name(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in STATEMENTS and call.args else None


FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def _called(call: ast.Call) -> str:
    """The name a call names: `f(...)`, or a method's `obj.f(...)` (matched with the module's own functions)."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _functions(tree: ast.AST) -> Iterator[tuple[FunctionNode, list[FunctionNode]]]:
    """Every function with the functions enclosing it (outermost first)."""
    def walk(node: ast.AST, outer: list[FunctionNode]) -> Iterator[tuple[FunctionNode, list[FunctionNode]]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield child, outer
                yield from walk(child, [*outer, child])
            else:
                yield from walk(child, outer)
    yield from walk(tree, [])


def _marked(fn: FunctionNode, lines: list[str]) -> bool:
    first = min([fn.lineno, *(d.lineno for d in fn.decorator_list)])
    header_end = fn.body[0].lineno - 1  # the def's own lines, its signature included
    return any(MARKER.search(lines[i - 1]) for i in range(max(first - 1, 1), header_end + 1))


def check_source(source: str, path: str) -> list[Finding]:
    """The queries of one module that skip the lead scope."""
    tree = ast.parse(source, filename=path)
    lines = source.splitlines()
    names = _scope_names(tree)
    chain = _chains(tree)
    functions = list(_functions(tree))
    by_name = {fn.name: fn for fn, outer in functions if not outer}

    # a function goes through the scope when it names the scope module, or calls one of its module's that does
    scoped = {fn for fn, _ in functions if _uses(fn, names)}
    while True:
        more = {fn for fn, _ in functions if fn not in scoped
                and any(isinstance(n, ast.Call) and by_name.get(_called(n)) in scoped for n in ast.walk(fn))}
        if not more:
            break
        scoped |= more

    findings: list[Finding] = []
    seen: set[int] = set()
    for fn, outer in reversed(functions):  # innermost first: a call is judged once, by its nearest function
        enclosing = [*outer, fn]
        for node in ast.walk(fn):
            if not isinstance(node, ast.Call) or id(node) in seen or _statement_name(node) is None:
                continue
            seen.add(id(node))
            model = _statement_models(node, chain)
            if model is None or any(f in scoped or _marked(f, lines) for f in enclosing):
                continue
            end = node.end_lineno or node.lineno
            if any(MARKER.search(lines[i - 1]) for i in range(node.lineno, end + 1)):
                continue
            findings.append(Finding(path, node.lineno, fn.name, model))
    return sorted(findings, key=lambda f: f.line)


def check_tree(root: Path, base: Path) -> list[Finding]:
    findings: list[Finding] = []
    for file in sorted(root.rglob("*.py")):
        rel = file.relative_to(base).as_posix()
        if rel not in EXCLUDED:
            findings += check_source(file.read_text(encoding="utf-8"), rel)
    return findings


def main(argv: list[str]) -> int:
    base = Path(__file__).resolve().parent.parent
    roots = [Path(a).resolve() for a in argv] or [base / "api"]
    missing = [e for e in EXCLUDED if not (base / e).is_file()]
    findings = [f for root in roots for f in check_tree(root, base)]
    for f in findings:
        print(f)
    for e in missing:  # an exclusion outliving its file would let a new file of that name through unseen
        print(f"tests/lead_scope_lint.py: EXCLUDED names {e}, which is gone")
    return 1 if findings or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
