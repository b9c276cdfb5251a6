"""Files written through Storage.staged(session) follow the session's transaction (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from api.core import storage as storage_module
from api.core.storage import Storage


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    return Storage(tmp_path)


def files(storage: Storage) -> dict[str, bytes]:
    folder = storage.root / "leads/1"
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


class TestWrite:
    def test_kept_when_the_transaction_commits(self, storage: Storage) -> None:
        session = Session()
        key = storage.staged(session).write("leads/1", stem="proposalFile", ext="pdf", data=b"one")
        session.commit()
        session.close()
        assert key.startswith("proposalFile-") and key.endswith(".pdf")
        assert files(storage) == {key: b"one"}

    def test_removed_when_it_rolls_back(self, storage: Storage) -> None:
        session = Session()
        storage.staged(session).write("leads/1", stem="proposalFile", ext="pdf", data=b"one")
        session.rollback()
        assert files(storage) == {}

    def test_removed_when_the_session_closes_without_a_commit(self, storage: Storage) -> None:
        session = Session()
        storage.staged(session).write("leads/1", stem="proposalFile", ext="pdf", data=b"one")
        session.close()
        assert files(storage) == {}

    def test_a_write_after_a_commit_belongs_to_the_next_transaction(self, storage: Storage) -> None:
        session = Session()
        kept = storage.staged(session).write("leads/1", stem="a", ext="pdf", data=b"kept")
        session.commit()
        storage.staged(session).write("leads/1", stem="b", ext="pdf", data=b"dropped")
        session.rollback()
        assert files(storage) == {kept: b"kept"}

    def test_a_key_that_exists_is_never_overwritten(self, storage: Storage,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        tokens = iter(["same", "same", "other"])
        monkeypatch.setattr(storage_module.secrets, "token_urlsafe", lambda n: next(tokens))
        session = Session()
        first = storage.staged(session).write("leads/1", stem="f", ext="pdf", data=b"first")
        second = storage.staged(session).write("leads/1", stem="f", ext="pdf", data=b"second")
        session.commit()
        assert (first, second) == ("f-same.pdf", "f-other.pdf")
        assert files(storage) == {"f-same.pdf": b"first", "f-other.pdf": b"second"}


class TestDiscard:
    """A discard that commits writes its durable record: tests/integration/storage/test_removals.py."""

    def test_kept_when_it_rolls_back(self, storage: Storage) -> None:
        storage.save("leads/1", "old.pdf", b"old")
        session = Session()
        staged = storage.staged(session)
        staged.discard("leads/1", "old.pdf")
        new = staged.write("leads/1", stem="new", ext="pdf", data=b"new")
        session.rollback()
        assert new not in files(storage) and files(storage) == {"old.pdf": b"old"}

    def test_an_unsafe_or_absent_name_is_ignored(self, storage: Storage) -> None:
        session = Session()
        storage.staged(session).discard("leads/1", "../../etc/passwd")
        storage.staged(session).discard("leads/1", "absent.pdf")
        session.commit()

    def test_a_session_closed_without_a_commit_removes_nothing_later(self, storage: Storage) -> None:
        storage.save("leads/1", "old.pdf", b"old")
        session = Session()
        storage.staged(session).discard("leads/1", "old.pdf")
        session.close()
        session.commit()  # the session used again: the discard belonged to the transaction that ended
        assert files(storage) == {"old.pdf": b"old"}
