"""File storage: the one place every file is kept (lead files, cost sheet spreadsheets, profile pictures, PID PDFs,
mail attachments, ...), in a local directory or an S3-compatible bucket (STORAGE_URL, see `backends`).

User files come in as `api.core.uploads.Upload`s, which only `uploads.inspect` makes (size and content checked),
and are copied in chunks from their spooled body. A file is served by `StoredFile.response` (its checked type,
nosniff, the disposition `uploads` decides) once the caller has checked access to the record it belongs to.

Writes that belong to a database change go through `Storage.staged(session)`: each gets a new key (a retry
never overwrites a committed file), a file written in a transaction that does not commit is removed again,
and a file the change replaces is removed only once the transaction commits."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction
from starlette.responses import Response

from api.core import uploads
from api.core.config import Settings
from api.core.storage import removals
from api.core.storage.backends import Backend, Content, LocalBackend
from api.core.storage.removals import StorageRemoval
from api.core.storage.urls import from_url

__all__ = ["Backend", "Content", "LocalBackend", "StagedStorage", "Storage", "StoredFile", "open_storage"]

log = logging.getLogger(__name__)

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$")
_SAFE_NAMESPACE = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}(/[A-Za-z0-9][A-Za-z0-9_-]{0,40}){0,3}$")
_PENDING = "storage.pending"


def _checked(name: str) -> str:
    if not _SAFE_NAME.match(name) or ".." in name:
        raise ValueError(f"unsafe file name {name!r}")
    return name


def _prefix(namespace: str) -> str:
    if not _SAFE_NAMESPACE.match(namespace):
        raise ValueError(f"unsafe namespace {namespace!r}")
    return f"{namespace}/"


def _key(namespace: str, name: str) -> str:
    return _prefix(namespace) + _checked(name)


def is_safe(name: str) -> bool:
    return bool(_SAFE_NAME.match(name)) and ".." not in name


@dataclass(frozen=True)
class StoredFile:
    """A file that is in storage, ready to be served or read."""

    backend: Backend
    key: str
    size: int

    @property
    def name(self) -> str:
        return self.key.rsplit("/", 1)[-1]

    def response(self, filename: str | None = None, *, image_inline: bool = False,
                 cache_control: str = "private, no-cache") -> Response:
        """The file as a response: its checked type, not to be sniffed, and a download unless it is an image the app
        shows (`image_inline`); streamed from wherever it is kept."""
        media_type, headers = uploads.download_headers(self.name, filename, image_inline=image_inline,
                                                       cache_control=cache_control)
        return self.backend.response(self.key, self.size, media_type, headers)

    def chunks(self) -> Iterator[bytes]:
        return self.backend.chunks(self.key)

    def read_bytes(self) -> bytes:
        """The whole content (a mail attachment, which the message carries whole anyway)."""
        return b"".join(self.chunks())


class Storage:
    """Every stored file, in one backend (see the module's docstring)."""

    def __init__(self, backend: Backend | Path):
        self.backend: Backend = LocalBackend(backend) if isinstance(backend, Path) else backend

    @property
    def root(self) -> Path:
        """The directory of a local storage."""
        if not isinstance(self.backend, LocalBackend):
            raise AttributeError("only a local storage has a root directory")
        return self.backend.root

    def ensure_ready(self) -> None:
        """Create the directory or the bucket if missing (at start)."""
        self.backend.ensure_ready()

    def describe(self) -> str:
        return self.backend.describe()

    def find(self, namespace: str, name: str) -> StoredFile | None:
        """The stored file, or None for a name that is unsafe or absent."""
        if not is_safe(name):
            return None
        key = _key(namespace, name)
        size = self.backend.size(key)
        return None if size is None else StoredFile(self.backend, key, size)

    def exists(self, namespace: str, name: str) -> bool:
        return self.find(namespace, name) is not None

    def save(self, namespace: str, name: str, data: Content) -> str:
        """Write `name` whole (replacing a file of that name): readers see the old file or the new one. For files the
        server makes (a rendered PDF) or that take a fixed name; answers the name."""
        self.backend.put(_key(namespace, name), data, uploads.media_type(name))
        return name

    def delete(self, namespace: str, name: str) -> None:
        if is_safe(name):
            self.backend.delete(_key(namespace, name))

    def names(self, namespace: str) -> list[str]:
        """The names of every file in `namespace` (a local directory's temporary files included)."""
        prefix = _prefix(namespace)
        names = (key.removeprefix(prefix) for key in self.backend.walk(prefix))
        return sorted(name for name in names if "/" not in name)

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
        backend = self.storage.backend
        while True:
            name = _checked(f"{stem}-{secrets.token_urlsafe(10)}" + (f".{ext}" if ext else ""))
            key = _key(namespace, name)
            if backend.create(key, data, uploads.media_type(name)):
                pending.written.append((backend, key))
                return name

    def store(self, namespace: str, *, stem: str, upload: uploads.Upload) -> str:
        """Store a checked upload (its kind's size and content) under a new key kept under its checked extension."""
        return self.write(namespace, stem=stem, ext=upload.ext, data=upload.file)

    def discard(self, namespace: str, key: str) -> None:
        """Remove the file once the transaction commits (it stays if the transaction rolls back). The removal is
        recorded in the same transaction (api/core/storage/removals.py), so a delete that fails is tried again."""
        if self.storage.find(namespace, key) is not None:
            full = _key(namespace, key)
            self._pending().discarded.append((self.storage.backend, full))
            self.session.add(StorageRemoval(key=full))

    def _pending(self) -> _Pending:
        if not self.session.in_transaction():
            self.session.begin()  # what is pending belongs to a transaction, so there must be one
        pending: _Pending = self.session.info.setdefault(_PENDING, _Pending())
        return pending


@dataclass
class _Pending:
    written: list[tuple[Backend, str]] = field(default_factory=list)
    discarded: list[tuple[Backend, str]] = field(default_factory=list)


def _remove(files: list[tuple[Backend, str]]) -> None:
    for backend, key in files:
        try:
            backend.delete(key)
        except backend.failures:  # the transaction's outcome stands; an orphan written by it is only space
            log.exception("could not remove %s from %s", key, backend.describe())


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    if session.in_nested_transaction() or _PENDING not in session.info:
        return  # a savepoint: the outer transaction may still roll back
    pending: _Pending = session.info.pop(_PENDING)
    by_backend: dict[int, tuple[Backend, list[str]]] = {}
    for backend, key in pending.discarded:
        by_backend.setdefault(id(backend), (backend, []))[1].append(key)
    for backend, keys in by_backend.values():
        removals.remove(backend, keys, session.get_bind())


@event.listens_for(Session, "after_transaction_end")
def _ended(session: Session, transaction: SessionTransaction) -> None:
    # After a commit nothing is pending any more; otherwise (rollback, close) the files written are orphans.
    if transaction.parent is None and _PENDING in session.info:
        _remove(session.info.pop(_PENDING).written)


def storage_url(settings: Settings) -> str:
    """STORAGE_URL, or the local directory under DATA_DIR."""
    return settings.storage_url or settings.storage_dir.resolve().as_uri()


@lru_cache(maxsize=8)
def _opened(url: str) -> Storage:
    storage = Storage(from_url(url))
    storage.ensure_ready()
    return storage


def open_storage(settings: Settings) -> Storage:
    """The storage STORAGE_URL names (one per process and URL), its directory or bucket created if missing."""
    return _opened(storage_url(settings))
