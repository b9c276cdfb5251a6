"""Erasing a user from the audit (api/personal_data runs the whole erasure). The audit is only ever added to: a trigger
refuses DELETE and TRUNCATE always, and an UPDATE unless its transaction set `crm.erasure` (migration 70a758a5fdf9),
and then only of an entry's `subject_label` and `changes`. Only `rewrite` sets it, for its own statements: each entry
that names the user gets the name replaced by the placeholder (in the label, "Sari Dewi (sales1)", the username
goes with it), and an entry about the user (USER, HIERARCHY) keeps which personal fields changed, not their values.
Who acted stays an id. The erasure's own entry (USER ERASE) is the record of the rewrite."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, and_, cast, or_, select, text
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.core.mentions import Mention

ERASED_VALUE = "(erased)"  # what a change of a personal field shows where its value was
ABOUT_USERS = ("USER", "HIERARCHY")  # subjects whose subject_id is a user's id
# the changes' fields (api/user_admin/service._described and the account's) whose values are the person's
_PERSONAL_CHANGES = frozenset({"username", "fullname", "nickname", "email", "phoneNumber", "gender", "dob"})


def _about(user_id: int) -> Any:
    return and_(AuditEntry.subject.in_(ABOUT_USERS), AuditEntry.subject_id == str(user_id))


def naming(session: Session, *, user_id: int, mention: Mention) -> list[AuditEntry]:
    """The entries about the user, and those whose label or changes name them, oldest first."""
    rows = session.scalars(select(AuditEntry).where(or_(
        _about(user_id), mention.sql(AuditEntry.subject_label), mention.sql(cast(AuditEntry.changes, String))))
        .order_by(AuditEntry.at, AuditEntry.id)).all()
    return [e for e in rows if (e.subject in ABOUT_USERS and e.subject_id == str(user_id))
            or mention.found_in(e.subject_label) or mention.found_in(str(e.changes))]


def _replaced(value: Any, replace: Any) -> Any:
    if isinstance(value, str):
        return replace(value)
    if isinstance(value, list):
        return [_replaced(v, replace) for v in value]
    if isinstance(value, dict):
        return {k: _replaced(v, replace) for k, v in value.items()}
    return value


def _anonymised(changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**c, "old": None if c.get("old") is None else ERASED_VALUE,
             "new": None if c.get("new") is None else ERASED_VALUE} if c.get("field") in _PERSONAL_CHANGES else c
            for c in changes]


def rewrite(session: Session, *, user_id: int, username: str, mention: Mention, replacement: str) -> int:
    """Replace the user in every entry that names them (see above); answers how many entries changed. The caller
    commits, with the erasure's own entry."""
    def replace(text_: str) -> str:
        out = mention.replaced(text_, replacement) or ""
        return out.replace(f"{replacement} ({username})", replacement)

    entries = naming(session, user_id=user_id, mention=mention)
    session.execute(text("SELECT set_config('crm.erasure', 'on', true)"))
    changed = 0
    for entry in entries:
        label = replace(entry.subject_label)[:200]
        changes = _replaced(entry.changes, replace)
        if entry.subject in ABOUT_USERS and entry.subject_id == str(user_id):
            changes = _anonymised(changes)
        if label != entry.subject_label or changes != entry.changes:
            entry.subject_label, entry.changes = label, changes
            changed += 1
    session.flush()
    session.execute(text("SELECT set_config('crm.erasure', 'off', true)"))  # nothing after this may rewrite
    return changed
