"""One user's archive: a ZIP with `user.json` (their record, the audit entries about them, their sign-in data, second
factor state, provider links, saved views, notifications, the activities they recorded with their places, their
plans, their leads listed, and the texts that name them) and their profile picture under `files/`. Never a
password hash, a second factor's secret, a recovery code, a session's token or a device's digest."""

from __future__ import annotations

import zipfile
from datetime import UTC, datetime
from typing import IO, Any

from api.account.service import PICTURES
from api.activities.models import TYPES
from api.core.storage import Storage
from api.personal_data.archive import add_file, add_json, row, zipped
from api.personal_data.user_holdings import UserHoldingsFound
from api.users.models import User

README = """Everything Pipeline CRM holds about one user, as asked under UU PDP (Law 27/2022).

user.json  the user's record (never the password); the audit entries about them or naming them; sign-in data (last
           sign-in, open sessions and remembered devices counted, when last seen online); whether a second factor
           is enrolled (never its secret or codes); the sign-in provider identities linked to them; their saved
           views and calendar address; the notifications and notification mails sent to them; the activities they
           recorded (with the place and position recorded) and the plans they own; the leads they are the sales
           person of, listed; lead texts, lead history entries, notes and others' notifications that name them.
files/     their profile picture, if they set one.
"""
_NEVER = ("password_hash", "device_id")  # a hash, and a call device's id: nothing a person can read


def _audit(found: UserHoldingsFound) -> list[dict[str, Any]]:
    return [{"id": e.id, "at": e.at, "actorId": e.actor_id, "subject": e.subject, "subjectId": e.subject_id,
             "subjectLabel": e.subject_label, "action": e.action, "changes": e.changes} for e in found.audit]


def document(found: UserHoldingsFound, *, actor: User, at: datetime, picture: str | None) -> dict[str, Any]:
    """What user.json holds."""
    user, sign_in = found.user, found.sign_in
    return {
        "about": {"userId": user.id, "exportedAt": at, "exportedBy": actor.username,
                  "law": "UU PDP (Law 27/2022): the right of access"},
        "user": {**row(user, without=_NEVER), "role": user.role.description,
                 "leader": user.leader.fullname if user.leader else None, "profilePictureFile": picture},
        "audit": _audit(found),
        "signIn": {"lastSignInAt": user.last_sign_in_at, "passwordChangedAt": user.password_changed_at,
                   "openSessions": sign_in.open_sessions, "rememberedDevicesAndAddresses": sign_in.known_devices,
                   "lastSeenOnline": found.last_seen},
        "secondFactor": {"enrolled": sign_in.second_factor_since is not None,
                         "enabledAt": sign_in.second_factor_since, "recoveryCodesLeft": sign_in.recovery_codes},
        "providerLinks": [row(link, without=("user_id",)) for link in sign_in.links],
        "savedViews": [row(v) for v in found.views],
        "savedViewDefaults": [row(d) for d in found.defaults],
        "calendarFeed": None if found.feed is None else row(found.feed, without=("token_digest",)),
        "notifications": [row(n) for n in found.notifications],
        "notificationMails": [row(m) for m in found.mails],
        "activitiesRecorded": [{**row(a), "kind": TYPES.get(a.type)} for a in found.activities],
        "schedulesOwned": [{**row(p), "kind": TYPES.get(p.activity_type)} for p in found.schedules],
        "leadsAsSalesPerson": [{"leadId": lead.id, "projectName": lead.project_name, "status": lead.status}
                               for lead in found.leads],
        "leadsMentioning": [{"leadId": lead.id, "decisionMaker": lead.decision_maker,
                             "projectDescription": lead.project_description} for lead in found.leads_mentioning],
        "leadHistoryMentioning": [row(e) for e in found.lead_history],
        "notesMentioning": [{"kind": type(item).__name__, "id": item.id, "leadId": item.lead_id, "notes": item.notes}
                            for item in found.notes_mentioning],
        "notificationsMentioning": [{"kind": type(item).__name__, "id": item.id,
                                     "text": getattr(item, "message", None) or getattr(item, "body", None)}
                                    for item in found.notifications_mentioning],
        "otherTexts": [texts.quoted(item) for texts, item in found.other_texts],
        "importedRows": found.imports.quoted(),
    }


def build(found: UserHoldingsFound, *, storage: Storage, actor: User) -> IO[bytes]:
    """The archive, read from its start (the caller closes it)."""

    def fill(zf: zipfile.ZipFile) -> None:
        key = found.user.profile_picture
        stored = storage.find(PICTURES, key) if key else None
        picture = f"files/{key}" if stored is not None and key else None
        if stored is not None and picture:
            add_file(zf, picture, stored)
        add_json(zf, "user.json", document(found, actor=actor, at=datetime.now(UTC), picture=picture))
        zf.writestr("README.txt", README)

    return zipped(fill)


def filename(user_id: int) -> str:
    return f"user-{user_id}-personal-data.zip"
