"""File storage: a directory under data_dir by default, written atomically."""

from __future__ import annotations

import os
import re
from pathlib import Path

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$")


class Storage:
    def __init__(self, root: Path):
        self.root = root

    def _dir(self, namespace: str) -> Path:
        path = self.root / namespace
        path.mkdir(parents=True, exist_ok=True)
        return path

    def path(self, namespace: str, name: str) -> Path | None:
        """The file's path, or None for a name that is unsafe or absent."""
        if not _SAFE_NAME.match(name) or ".." in name:
            return None
        path = self.root / namespace / name
        return path if path.is_file() else None

    def save(self, namespace: str, name: str, data: bytes) -> Path:
        if not _SAFE_NAME.match(name) or ".." in name:
            raise ValueError(f"unsafe file name {name!r}")
        target = self._dir(namespace) / name
        tmp = target.with_name(f".{name}.tmp")
        with tmp.open("wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        tmp.replace(target)
        return target

    def delete(self, namespace: str, name: str) -> None:
        path = self.path(namespace, name)
        if path is not None:
            path.unlink(missing_ok=True)
