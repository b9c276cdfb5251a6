"""Where stored files live: a local directory or an S3-compatible bucket (api/core/storage/s3.py), behind one small
interface; api/core/storage/urls.py picks one from STORAGE_URL. Keys are 'namespace/name'
('leads/42/proposalFile-x1.pdf'), the same in both, so files move between them unchanged."""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Protocol

from fastapi.responses import FileResponse
from starlette.responses import Response

CHUNK = 1024 * 1024
Content = bytes | BinaryIO  # a file object (an upload's spooled body) is copied in chunks, never read whole


class Backend(Protocol):
    """What every place files live can do; `key` is always a checked 'namespace/name'."""

    failures: tuple[type[Exception], ...]  # what its calls raise when the place cannot be reached or refuses

    def create(self, key: str, data: Content, media_type: str) -> bool:
        """Write `key` unless a file has it (False then: nothing is replaced)."""

    def put(self, key: str, data: Content, media_type: str) -> None:
        """Write `key` whole, replacing it: readers see the old file or the new one."""

    def size(self, key: str) -> int | None:
        """The file's size in bytes, None when there is none."""

    def delete(self, key: str) -> None: ...

    def chunks(self, key: str) -> Iterator[bytes]:
        """The file's content, a chunk at a time."""

    def walk(self, prefix: str = "") -> Iterator[str]:
        """Every key under `prefix` (a local directory's temporary files included)."""

    def response(self, key: str, size: int, media_type: str, headers: dict[str, str]) -> Response:
        """The file as a streamed response body (one byte range of it when the request asks, as players do)."""

    def ensure_ready(self) -> None:
        """Create what must exist before the first write (the directory, the bucket)."""

    def describe(self) -> str:
        """Where the files are, without credentials (for logs)."""


def rewind(data: Content) -> Content:
    if not isinstance(data, bytes):
        data.seek(0)
    return data


class LocalBackend:
    """A directory of this host (the default: DATA_DIR/storage). Each write goes to a temporary file beside its
    target and is linked (a new key) or renamed (a replacement) into place."""

    failures: tuple[type[Exception], ...] = (OSError,)

    def __init__(self, root: Path):
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key

    def _written(self, target: Path, data: Content) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
        with tmp.open("xb") as fh:
            if isinstance(data, bytes):
                fh.write(data)
            else:
                data.seek(0)
                shutil.copyfileobj(data, fh, CHUNK)
            fh.flush()
            os.fsync(fh.fileno())
        return tmp

    def create(self, key: str, data: Content, media_type: str) -> bool:
        target = self._path(key)
        tmp = self._written(target, data)
        try:
            os.link(tmp, target)  # unlike a rename, never replaces a file that is there
        except FileExistsError:
            return False
        finally:
            tmp.unlink()
        return True

    def put(self, key: str, data: Content, media_type: str) -> None:
        target = self._path(key)
        self._written(target, data).replace(target)

    def size(self, key: str) -> int | None:
        path = self._path(key)
        return path.stat().st_size if path.is_file() else None

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def chunks(self, key: str) -> Iterator[bytes]:
        with self._path(key).open("rb") as fh:
            while chunk := fh.read(CHUNK):
                yield chunk

    def walk(self, prefix: str = "") -> Iterator[str]:
        base = self.root / prefix if prefix else self.root
        if base.is_file():
            yield prefix
            return
        for path in sorted(base.rglob("*")) if base.is_dir() else ():
            if path.is_file():
                yield path.relative_to(self.root).as_posix()

    def response(self, key: str, size: int, media_type: str, headers: dict[str, str]) -> Response:
        return FileResponse(self._path(key), media_type=media_type, headers=headers)

    def ensure_ready(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)

    def describe(self) -> str:
        return f"directory {self.root}"


def byte_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(start, end) of a single 'bytes=a-b', 'bytes=a-' or 'bytes=-n' range within `size` bytes; None for the whole
    file (no range, several ranges, another unit); raises ValueError when it lies outside the file."""
    if not header or "," in header:
        return None
    unit, _, spec = header.partition("=")
    first, dash, last = spec.strip().partition("-")
    if unit.strip().lower() != "bytes" or not dash or not (first.isdigit() or last.isdigit()):
        return None
    if not first:  # the last n bytes
        start, end = max(size - int(last), 0), size
    else:
        start, end = int(first), min(int(last) + 1, size) if last.isdigit() else size
    if start >= size or start >= end:
        raise ValueError(f"bytes */{size}")
    return start, end
