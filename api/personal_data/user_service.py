"""A user's data on request (an employee's or ex-employee's): what is held (summary, with the reasons an erasure
would be refused now), the archive (audited), and the erasure in one transaction with its audit entry (audited; their
picture leaves storage, and their sessions and remembered devices leave Redis, once it commits)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import IO

import redis
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.account import erasure as account_erasure
from api.activities import erasure as activities_erasure
from api.approvals import erasure as approvals_erasure
from api.audit import erasure as audit_erasure
from api.audit import service as audit
from api.audit.models import AuditEntry
from api.auth import erasure as auth_erasure
from api.core.errors import Conflict, Forbidden, NotFound, ValidationFailed
from api.core.storage import Storage
from api.imports import erasure as imports_erasure
from api.leads import erasure as leads_erasure
from api.master_data.service import users_changed
from api.notifications import erasure as notifications_erasure
from api.personal_data import user_archive, user_holdings
from api.personal_data.schemas import UserErasureOut, UserPersonalData
from api.personal_data.texts import OTHER_TEXTS
from api.presence import store as presence
from api.saved_views import erasure as views_erasure
from api.users import erasure as users_erasure
from api.users.models import User

USER_NOT_FOUND = "User not found."
CONFIRMATION_WRONG = "Type the user's full name exactly as it is shown to confirm the erasure."
NOT_YOURSELF = "You cannot erase your own data: ask another administrator."
DEACTIVATE_FIRST = "Deactivate the user before erasing their data."


def already_erased(user_id: int, at: datetime) -> str:
    return f"User #{user_id} was already erased on {at:%d %b %Y}; nothing more is held to erase."


def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def open_work_first(leads: int, requests: int, reports: int) -> str:
    """'Reassign their 3 ongoing leads and 1 pending request first.'"""
    parts = [p for n, p in ((leads, _counted(leads, "ongoing lead", "ongoing leads")),
                            (requests, _counted(requests, "pending request", "pending requests")),
                            (reports, _counted(reports, "active report", "active reports"))) if n]
    said = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"Reassign their {said} first."


def _label(user_id: int) -> str:
    """How the erasure's audit entries name the user: by id only (the audit outlives the erasure)."""
    return f"User #{user_id}"


def _user_or_404(session: Session, user_id: int, *, lock: bool = False) -> User:
    user = users_erasure.get_for_update(session, user_id) if lock else session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user


def _erasure(session: Session, user_id: int) -> AuditEntry | None:
    """The audit entry that records the user's erasure, if they were erased."""
    return session.scalars(select(AuditEntry).where(AuditEntry.subject == "USER",
                                                    AuditEntry.subject_id == str(user_id),
                                                    AuditEntry.action == "ERASE").limit(1)).first()


def refusals(session: Session, *, user: User, actor: User) -> list[tuple[str, int]]:
    """Why the user cannot be erased now, each with its status (none: they can); the summary shows them first."""
    if user.id == actor.id:
        return [(NOT_YOURSELF, 403)]
    found: list[tuple[str, int]] = []
    if user.is_active:
        found.append((DEACTIVATE_FIRST, 409))
    leads = leads_erasure.ongoing_of(session, user.id)
    requests = approvals_erasure.pending_naming(session, user.id)
    reports = users_erasure.active_reports(session, user.id)
    if leads or requests or reports:
        found.append((open_work_first(leads, requests, reports), 409))
    return found


def summary(*, session: Session, r: redis.Redis, actor: User, user_id: int) -> UserPersonalData:
    """What is held about the user, by kind; whether (when, by whom) they were erased, or why they cannot be yet."""
    user = _user_or_404(session, user_id)
    entry = _erasure(session, user_id)
    eraser = session.get(User, entry.actor_id) if entry is not None and entry.actor_id else None
    return UserPersonalData(user_id=user.id, name=user.fullname, username=user.username, is_active=user.is_active,
                            erased_at=entry.at if entry else None, erased_by=eraser.fullname if eraser else None,
                            refusals=[] if entry else [m for m, _ in refusals(session, user=user, actor=actor)],
                            holdings=user_holdings.collect(session, r, user).counts())


def export(*, session: Session, r: redis.Redis, storage: Storage, actor: User, user_id: int) -> tuple[IO[bytes], str]:
    """The user's archive and its file name; the export is audited (committed before the archive is sent)."""
    user = _user_or_404(session, user_id)
    found = user_holdings.collect(session, r, user)
    content = user_archive.build(found, storage=storage, actor=actor)
    audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id, label=_label(user.id),
                 action="EXPORT", changes=[{"field": name, "old": None, "new": value} for name, value
                                           in found.counts().model_dump(by_alias=True).items()])
    session.commit()
    return content, user_archive.filename(user.id)


def _same_name(typed: str, name: str) -> bool:
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


def _refuse(session: Session, user: User, actor: User, confirmation: str) -> None:
    done = _erasure(session, user.id)
    if done is not None:
        raise Conflict(already_erased(user.id, done.at))
    for message, status in refusals(session, user=user, actor=actor):
        raise Forbidden(message) if status == 403 else Conflict(message)
    if not _same_name(confirmation, user.fullname):
        raise ValidationFailed(CONFIRMATION_WRONG)


def erase(*, session: Session, r: redis.Redis, storage: Storage, actor: User, user_id: int,
          confirmation: str) -> UserErasureOut:
    """Erase a deactivated user with no open work (see api/personal_data): everything in one transaction with its
    audit entry, which names them by id and counts what changed; then their sessions, remembered devices and last
    seen leave Redis, and their picture leaves storage."""
    user = _user_or_404(session, user_id, lock=True)
    _refuse(session, user, actor, confirmation)
    now = datetime.now(UTC)
    mention, replacement, username = users_erasure.mention(user), users_erasure.placeholder(user.id), user.username
    account_erasure.discard_picture(session, storage, user)
    rewritten = audit_erasure.rewrite(session, user_id=user.id, username=username, mention=mention,
                                      replacement=replacement)
    deleted, _ = notifications_erasure.erase_user(session, user_id=user.id)  # their own go before the texts' pass
    texts = notifications_erasure.erase_mentions(session, mention=mention, replacement=replacement)
    texts += activities_erasure.erase_user(session, user_id=user.id, mention=mention, replacement=replacement)
    texts += leads_erasure.erase_mentions(session, mention=mention, replacement=replacement)
    texts += approvals_erasure.erase_user(session, user_id=user.id, username=users_erasure.erased_username(user.id),
                                          mention=mention, replacement=replacement)
    texts += sum(len(t.erase(session, mention=mention, replacement=replacement))
                 for t in OTHER_TEXTS if t not in approvals_erasure.TEXTS)  # cost sheets, billing, reassignments
    texts += imports_erasure.erase_mentions(session, storage, mention=mention, replacement=replacement)[0]
    deleted += views_erasure.erase(session, user.id) + auth_erasure.erase(session, user.id)
    deleted += leads_erasure.erase_user(session, user_id=user.id)
    fields = users_erasure.erase(session, user, now=now)
    audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id, label=_label(user.id),
                 action="ERASE", changes=[
                     {"field": "personalFields", "old": None, "new": fields},
                     {"field": "rowsDeleted", "old": None, "new": deleted},
                     {"field": "auditEntriesRewritten", "old": None, "new": rewritten},
                     {"field": "textsChanged", "old": None, "new": texts}])
    session.commit()  # the picture leaves storage now (api.core.storage: removals follow the commit)
    auth_erasure.forget(r, user.id)
    presence.forget(r, user.id)
    users_changed(r)
    return UserErasureOut(user_id=user.id, name=replacement, erased_at=now, personal_fields=fields,
                          rows_deleted=deleted, audit_entries_rewritten=rewritten, texts_changed=texts)
