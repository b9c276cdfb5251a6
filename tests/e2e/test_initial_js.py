"""The built front end's first download (issue 18 point 6): index.html's entry chunk and every chunk it imports
statically, gzipped (-9) file by file, stays under 300 kB, and holds neither the chart library nor a feature page,
which load with their routes. It reads the build's manifest (frontend/dist/.vite/manifest.json) and the modules
vite.config.ts records per chunk; `make test` and `make test-e2e` build the front end first, and a missing build
fails here rather than skipping. `python bench/initial_js.py` prints the same figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.initial_js import BUDGET_KB, InitialJs, chunk_modules, dist_dir, measure, report

# Modules that must never be in the first download, with why.
LAZY_ONLY = {
    # Recharts and the d3 it draws with (victory-vendor re-exports d3): only the dashboard route loads them.
    "the chart library": re.compile(r"^node_modules/(recharts|victory-vendor|d3-[a-z-]+)/"),
    # Every page of a feature loads with its route (app/routing/router.tsx); the shell keeps the error, 403 and
    # 404 pages, which live in app/pages.
    "a feature page": re.compile(r"^src/features/[^/]+/pages/"),
}


@pytest.fixture(scope="module")
def dist() -> Path:
    path = dist_dir()
    if not (path / ".vite" / "manifest.json").is_file():
        pytest.fail(f"no build manifest in {path}: build the front end (`make build`; make test does it)")
    if chunk_modules(path) is None:
        pytest.fail(f"{path} has no .vite/chunk-modules.json: it was built without vite.config.ts's plugin")
    return path


@pytest.fixture(scope="module")
def initial(dist: Path) -> InitialJs:
    return measure(dist)


def test_the_initial_javascript_stays_under_300_kb_gzipped(initial: InitialJs) -> None:
    print(report(initial))
    if initial.gz > BUDGET_KB * 1000:
        pytest.fail(f"the initial JavaScript is over budget:\n{report(initial)}")


def test_the_first_download_holds_no_chart_library_and_no_feature_page(initial: InitialJs) -> None:
    found = [
        f"{what}: {module} in {chunk.file}"
        for chunk in initial.chunks
        for module in chunk.modules
        for what, pattern in LAZY_ONLY.items()
        if pattern.match(module)
    ]
    if found:
        pytest.fail(f"{len(found)} modules load up front but belong to a route:\n" + "\n".join(found[:20]))


def test_the_module_lists_describe_the_initial_chunks(initial: InitialJs) -> None:
    # without them the check above would pass on nothing: every initial chunk has its modules, React among them
    assert all(chunk.modules for chunk in initial.chunks), [c.file for c in initial.chunks if not c.modules]
    modules = {m for chunk in initial.chunks for m in chunk.modules}
    assert any(m.startswith("node_modules/react-dom/") for m in modules)
    assert "src/main.tsx" in modules
