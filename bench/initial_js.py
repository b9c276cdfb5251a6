"""The front end's initial JavaScript: what the browser downloads before the first screen, from the build's manifest.

The initial set is index.html's entry chunk and every chunk it imports statically, transitively (the manifest's
`imports`, never its `dynamicImports`: those wait for a route or a click). Its size is the sum of each file
compressed with gzip level 9, as a server compressing static files ahead of time would send it. CSS is reported
beside it, not counted. `frontend/dist/.vite/chunk-modules.json` (written by a plugin in vite.config.ts) says which
modules each chunk holds.

    python bench/initial_js.py [dist directory]    # defaults to frontend/dist, or FRONTEND_DIST
"""

from __future__ import annotations

import gzip
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Issue 18 point 6: the app's initial JavaScript stays under 300 KB gzipped.
BUDGET_KB = 300.0


@dataclass(frozen=True)
class Chunk:
    file: str
    raw: int
    gz: int
    modules: dict[str, int]  # module path (relative to frontend/) -> rendered length

    def top_modules(self, n: int = 5) -> list[tuple[str, int]]:
        return sorted(self.modules.items(), key=lambda m: -m[1])[:n]


@dataclass(frozen=True)
class InitialJs:
    chunks: list[Chunk]  # largest gzipped first
    css_gz: int

    @property
    def gz(self) -> int:
        return sum(c.gz for c in self.chunks)

    @property
    def raw(self) -> int:
        return sum(c.raw for c in self.chunks)


def dist_dir() -> Path:
    return Path(os.environ.get("FRONTEND_DIST") or ROOT / "frontend" / "dist")


def gz_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


def initial_keys(manifest: dict[str, dict]) -> list[str]:
    """Manifest keys of index.html's entry and its static imports, transitively, in load order."""
    entries = [k for k, v in manifest.items() if v.get("isEntry") and k.endswith("index.html")]
    if len(entries) != 1:
        raise ValueError(f"expected one index.html entry in the manifest, found {entries}")
    seen: list[str] = []
    stack = entries
    while stack:
        key = stack.pop()
        if key in seen:
            continue
        seen.append(key)
        stack.extend(manifest[key].get("imports", []))
    return seen


def chunk_modules(dist: Path) -> dict[str, dict[str, int]] | None:
    """Each chunk's modules as vite.config.ts recorded them; None for a build made without that plugin."""
    path = dist / ".vite" / "chunk-modules.json"
    return json.loads(path.read_text()) if path.is_file() else None


def measure(dist: Path) -> InitialJs:
    """The initial set of the build in `dist`; FileNotFoundError when it is not built with its manifest."""
    manifest = json.loads((dist / ".vite" / "manifest.json").read_text())
    modules = chunk_modules(dist) or {}
    keys = initial_keys(manifest)
    chunks = []
    css: set[str] = set()
    for key in keys:
        file = manifest[key]["file"]
        path = dist / file
        chunks.append(Chunk(file, path.stat().st_size, gz_size(path), modules.get(file, {})))
        css.update(manifest[key].get("css", []))
    chunks.sort(key=lambda c: -c.gz)
    return InitialJs(chunks, sum(gz_size(dist / f) for f in css))


def kb(n: int) -> str:
    return f"{n / 1000:.1f} kB"


def report(initial: InitialJs, top: int = 10) -> str:
    """The figure, the budget, the largest initial chunks with their largest modules, and the largest packages."""
    lines = [
        f"initial JS: {kb(initial.gz)} gzipped (gzip -9), {kb(initial.raw)} raw, {len(initial.chunks)} chunks; "
        f"budget {BUDGET_KB:.0f} kB; initial CSS {kb(initial.css_gz)} gzipped (not counted)",
    ]
    for c in initial.chunks[:top]:
        lines.append(f"  {kb(c.gz):>9}  {c.file}  ({len(c.modules)} modules)")
        for mod, length in c.top_modules(3):
            lines.append(f"             {length / 1000:7.1f} kB raw  {mod}")
    if any(c.modules for c in initial.chunks):
        lines.append("largest packages in it (rendered, before minifying):")
        lines.extend(f"  {length / 1000:8.1f} kB  {name}" for name, length in package_weights(initial, top))
    return "\n".join(lines)


def package_weights(initial: InitialJs, top: int = 15) -> list[tuple[str, int]]:
    """Rendered length per npm package (or src/ folder) across the initial chunks, largest first."""
    weights: dict[str, int] = {}
    for c in initial.chunks:
        for mod, length in c.modules.items():
            parts = mod.split("/")
            if parts[0] == "node_modules":
                name = "/".join(parts[1:3]) if parts[1].startswith("@") else parts[1]
                if name in ("antd", "@ant-design/icons") and len(parts) > 3:
                    name = f"{name}/{parts[3]}"
            else:
                name = "/".join(parts[:3])
            weights[name] = weights.get(name, 0) + length
    return sorted(weights.items(), key=lambda w: -w[1])[:top]


def main() -> None:
    dist = Path(sys.argv[1]) if len(sys.argv) > 1 else dist_dir()
    print(report(measure(dist), top=15))


if __name__ == "__main__":
    main()
