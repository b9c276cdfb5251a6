"""A file a committed change removed leaves storage for certain: its removal is recorded in the change's transaction,
deleted with the file once it commits, kept when the delete fails, and tried again by the sweep's pass until the file
is gone (api/core/storage/removals.py). A change that rolls back removes nothing and records nothing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.core.db import make_engine
from api.core.storage import LocalBackend, Storage
from api.core.storage.removals import StorageRemoval, remove_left

NS = "leads/990001"


@pytest.fixture
def session(database_url: str) -> Iterator[Session]:
    engine = make_engine(database_url)
    s = Session(engine, expire_on_commit=False)
    yield s
    s.rollback()
    s.execute(delete(StorageRemoval).where(StorageRemoval.key.startswith(NS)))
    s.commit()
    s.close()
    engine.dispose()


class Refusing(LocalBackend):
    """The local directory, whose deletes fail while `refusing` (a bucket that cannot be reached)."""

    refusing = True

    def delete(self, key: str) -> None:
        if self.refusing:
            raise PermissionError(13, "Permission denied", key)
        super().delete(key)


def rows(session: Session) -> list[tuple[str, int, str | None]]:
    session.expire_all()
    return [tuple(r) for r in session.execute(  # type: ignore[misc]
        select(StorageRemoval.key, StorageRemoval.attempts, StorageRemoval.last_error)
        .where(StorageRemoval.key.startswith(NS)).order_by(StorageRemoval.id))]


def test_the_file_and_its_record_go_when_the_change_commits(session: Session, tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.save(NS, "old.pdf", b"old")
    storage.staged(session).discard(NS, "old.pdf")
    assert rows(session)[0][0] == f"{NS}/old.pdf"  # recorded in the change's own transaction
    session.commit()
    assert not storage.exists(NS, "old.pdf")
    assert rows(session) == []


def test_nothing_goes_and_nothing_is_recorded_when_it_rolls_back(session: Session, tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.save(NS, "old.pdf", b"old")
    storage.staged(session).discard(NS, "old.pdf")
    session.rollback()
    assert storage.exists(NS, "old.pdf")
    assert rows(session) == []


def test_a_failed_delete_is_kept_and_tried_again_until_the_file_is_gone(session: Session, tmp_path: Path) -> None:
    backend = Refusing(tmp_path)
    storage = Storage(backend)
    storage.save(NS, "erased.pdf", b"personal")
    storage.staged(session).discard(NS, "erased.pdf")
    session.commit()  # the change stands although its file could not be deleted
    assert storage.exists(NS, "erased.pdf")
    assert rows(session) == [(f"{NS}/erased.pdf", 0, None)]

    # the sweep leaves it to the committing process during the grace period, then tries: still refused
    assert remove_left(session, backend) == 0
    assert rows(session) == [(f"{NS}/erased.pdf", 0, None)]
    later = datetime.now(UTC) + timedelta(minutes=2)
    assert remove_left(session, backend, now=later) == 0
    [(_, attempts, error)] = rows(session)
    assert attempts == 1 and error is not None and "Permission denied" in error
    assert storage.exists(NS, "erased.pdf")

    backend.refusing = False  # the bucket is back
    assert remove_left(session, backend, now=later) == 1
    assert not storage.exists(NS, "erased.pdf")
    assert rows(session) == []


def test_a_file_already_gone_only_clears_its_record(session: Session, tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    session.add(StorageRemoval(key=f"{NS}/gone.pdf", created_at=datetime.now(UTC) - timedelta(hours=1)))
    session.commit()
    assert remove_left(session, storage.backend) == 1
    assert rows(session) == []
