"""The audit stays append-only (migration 70a758a5fdf9): DELETE and TRUNCATE are refused always; an UPDATE only in a
transaction that set `crm.erasure` (a user's erasure, api/audit/erasure.py), and then only of an entry's label and
changes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.audit.models import AuditEntry

REFUSED = "audit entries cannot be changed or removed"
ERASURE_ONLY = "an erasure rewrites only an audit entry's subject_label and changes"


@pytest.fixture
def entry(client: TestClient, db: Session) -> AuditEntry:
    made = audit.record(db, actor_id=None, subject="USER", subject_id=1, label="Someone (someone)", action="UPDATE",
                        changes=[{"field": "fullname", "old": "Someone", "new": "Someone Else"}])
    db.flush()
    return made


def erasure_on(db: Session) -> None:
    db.execute(text("SELECT set_config('crm.erasure', 'on', true)"))


def label_of(db: Session, entry_id: int) -> str:
    return db.scalars(select(AuditEntry.subject_label).where(AuditEntry.id == entry_id)).one()


class TestWithoutTheErasure:
    @pytest.mark.parametrize("statement", [
        "UPDATE audit_entries SET subject_label = 'x' WHERE id = :id",
        "UPDATE audit_entries SET changes = '[]' WHERE id = :id",
        "UPDATE audit_entries SET action = 'NOTHING' WHERE id = :id",
        "DELETE FROM audit_entries WHERE id = :id"])
    def test_an_ordinary_change_is_refused(self, db: Session, entry: AuditEntry, statement: str) -> None:
        with pytest.raises(DBAPIError, match=REFUSED), db.begin_nested():
            db.execute(text(statement), {"id": entry.id})
        assert label_of(db, entry.id) == "Someone (someone)"

    def test_truncate_is_refused(self, db: Session, entry: AuditEntry) -> None:
        with pytest.raises(DBAPIError, match=REFUSED), db.begin_nested():
            db.execute(text("TRUNCATE audit_entries CASCADE"))
        assert label_of(db, entry.id) == "Someone (someone)"


class TestUnderTheErasure:
    def test_label_and_changes_may_be_rewritten(self, db: Session, entry: AuditEntry) -> None:
        with db.begin_nested():
            erasure_on(db)
            db.execute(text("UPDATE audit_entries SET subject_label = 'Erased user #1', changes = '[]' "
                            "WHERE id = :id"), {"id": entry.id})
        assert label_of(db, entry.id) == "Erased user #1"

    @pytest.mark.parametrize("assignment", ["action = 'NOTHING'", "actor_id = 1", "subject_id = '2'",
                                            "at = now() - interval '1 day'", "subject = 'ROLE'",
                                            "subject_label = 'x', action = 'CREATE'"])
    def test_nothing_else_may_change(self, db: Session, entry: AuditEntry, assignment: str) -> None:
        with pytest.raises(DBAPIError, match=ERASURE_ONLY), db.begin_nested():
            erasure_on(db)
            db.execute(text(f"UPDATE audit_entries SET {assignment} WHERE id = :id"), {"id": entry.id})
        assert label_of(db, entry.id) == "Someone (someone)"

    def test_delete_and_truncate_stay_refused(self, db: Session, entry: AuditEntry) -> None:
        for statement in ("DELETE FROM audit_entries WHERE id = :id", "TRUNCATE audit_entries CASCADE"):
            with pytest.raises(DBAPIError, match=REFUSED), db.begin_nested():
                erasure_on(db)
                db.execute(text(statement), {"id": entry.id})
        assert label_of(db, entry.id) == "Someone (someone)"

    def test_the_setting_ends_with_the_erasure(self, db: Session, entry: AuditEntry) -> None:
        erasure_on(db)
        db.execute(text("SELECT set_config('crm.erasure', 'off', true)"))  # as api/audit/erasure.rewrite ends
        with pytest.raises(DBAPIError, match=REFUSED), db.begin_nested():
            db.execute(text("UPDATE audit_entries SET subject_label = 'x' WHERE id = :id"), {"id": entry.id})
