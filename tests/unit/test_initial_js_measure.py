"""How bench/initial_js.py reads a build: the entry and its static imports count, dynamic imports and CSS do not."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bench.initial_js import initial_keys, measure

MANIFEST = {
    "index.html": {
        "file": "assets/index.js",
        "isEntry": True,
        "imports": ["_vendor.js", "_shared.js"],
        "dynamicImports": ["src/pages/dashboard.tsx"],
        "css": ["assets/index.css"],
    },
    "_vendor.js": {"file": "assets/vendor.js", "imports": ["_shared.js"]},
    "_shared.js": {"file": "assets/shared.js", "imports": ["_deep.js"]},
    "_deep.js": {"file": "assets/deep.js"},
    "src/pages/dashboard.tsx": {
        "file": "assets/dashboard.js",
        "isDynamicEntry": True,
        "imports": ["_charts.js", "_shared.js"],
    },
    "_charts.js": {"file": "assets/charts.js"},
}


def test_the_initial_set_is_the_entry_and_its_static_imports_transitively() -> None:
    assert sorted(initial_keys(MANIFEST)) == ["_deep.js", "_shared.js", "_vendor.js", "index.html"]


def test_a_manifest_without_an_index_entry_is_refused() -> None:
    with pytest.raises(ValueError):
        initial_keys({"_a.js": {"file": "assets/a.js"}})


def test_the_size_is_each_initial_file_gzipped_and_summed_without_css(tmp_path: Path) -> None:
    (tmp_path / ".vite").mkdir()
    (tmp_path / "assets").mkdir()
    (tmp_path / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    files = {}
    for entry in MANIFEST.values():
        name = str(entry["file"])
        files[name] = f"/* {name} */ export const x = {'1' * len(name)};".encode()
        (tmp_path / name).write_bytes(files[name])
    (tmp_path / "assets" / "index.css").write_text("body { color: red }")

    initial = measure(tmp_path)

    counted = ["assets/index.js", "assets/vendor.js", "assets/shared.js", "assets/deep.js"]
    assert sorted(c.file for c in initial.chunks) == sorted(counted)
    assert initial.gz == sum(len(gzip.compress(files[f], compresslevel=9, mtime=0)) for f in counted)
    assert initial.css_gz > 0
