"""File storage: a directory under data_dir by default, written atomically.

Writes that belong to a database change go through `Storage.staged(session)`: each gets a new key (a retry
never overwrites a committed file), a file written in a transaction that does not commit is removed again,
and a file the change replaces is removed only once the transaction commits."""

from __future__ import annotations

import logging
import os
import re
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

log = logging.getLogger(__name__)

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$")
_PENDING = "storage.pending"
_CHUNK = 1024 * 1024
Content = bytes | BinaryIO  # a file object (an upload's spooled body) is copied in chunks, never read whole


def _checked(name: str) -> str:
    if not _SAFE_NAME.match(name) or ".." in name:
        raise ValueError(f"unsafe file name {name!r}")
    return name


def _written(target: Path, data: Content) -> Path:
    """`data` in a new temporary file beside `target`, on disk (the caller moves or links it into place)."""
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    with tmp.open("xb") as fh:
        if isinstance(data, bytes):
            fh.write(data)
        else:
            data.seek(0)
            shutil.copyfileobj(data, fh, _CHUNK)
        fh.flush()
        os.fsync(fh.fileno())
    return tmp


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

    def save(self, namespace: str, name: str, data: Content) -> Path:
        """Write `name` whole (replacing a file of that name): readers see the old file or the new one."""
        target = self._dir(namespace) / _checked(name)
        _written(target, data).replace(target)
        return target

    def delete(self, namespace: str, name: str) -> None:
        path = self.path(namespace, name)
        if path is not None:
            path.unlink(missing_ok=True)

    def staged(self, session: Session) -> StagedStorage:
        """Writes and removals that follow the outcome of `session`'s transaction."""
        return StagedStorage(self, session)


class StagedStorage:
    """The storage as one database transaction sees it (see the module's docstring)."""

    def __init__(self, storage: Storage, session: Session):
        self.storage, self.session = storage, session

    def write(self, namespace: str, *, stem: str, ext: str, data: Content) -> str:
        """Store `data` under a new key '{stem}-{random}.{ext}' that no file has, and answer the key."""
        pending = self._pending()
        folder = self.storage._dir(namespace)
        while True:
            key = _checked(f"{stem}-{secrets.token_urlsafe(10)}" + (f".{ext}" if ext else ""))
            tmp = _written(folder / key, data)
            try:
                os.link(tmp, folder / key)  # unlike a rename, never replaces a file that is there
            except FileExistsError:
                continue
            finally:
                tmp.unlink()
            pending.written.append(folder / key)
            return key

    def discard(self, namespace: str, key: str) -> None:
        """Remove the file once the transaction commits (it stays if the transaction rolls back)."""
        path = self.storage.path(namespace, key)
        if path is not None:
            self._pending().discarded.append(path)

    def _pending(self) -> _Pending:
        if not self.session.in_transaction():
            self.session.begin()  # what is pending belongs to a transaction, so there must be one
        pending: _Pending = self.session.info.setdefault(_PENDING, _Pending())
        return pending


@dataclass
class _Pending:
    written: list[Path] = field(default_factory=list)
    discarded: list[Path] = field(default_factory=list)


def _remove(paths: list[Path]) -> None:
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError:  # the transaction's outcome stands; a file left behind is only disk space
            log.exception("could not remove %s", path)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    if session.in_nested_transaction() or _PENDING not in session.info:
        return  # a savepoint: the outer transaction may still roll back
    pending: _Pending = session.info.pop(_PENDING)
    _remove(pending.discarded)


@event.listens_for(Session, "after_transaction_end")
def _ended(session: Session, transaction: SessionTransaction) -> None:
    # After a commit nothing is pending any more; otherwise (rollback, close) the files written are orphans.
    if transaction.parent is None and _PENDING in session.info:
        _remove(session.info.pop(_PENDING).written)
