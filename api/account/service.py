"""A user's account: detail, password changes (one's own, or an administrator's for someone), profile pictures.
It sits above users (the people), auth (credentials and sessions) and access (what a session may open)."""

from __future__ import annotations

import redis
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.auth import service as auth_service
from api.auth.passwords import check_new_password
from api.core.authz import PolicyStore
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound, ValidationFailed
from api.core.security import verify_password
from api.core.storage import Storage
from api.core.uploads import Upload
from api.users import erasure as users_erasure
from api.users.models import User

PICTURES = "profile-pictures"
WRONG_CURRENT_PASSWORD = "Current password is incorrect."


def get_visible_or_404(*, session: Session, policy: PolicyStore, actor: User, user_id: int) -> User:
    """Oneself, or anyone for a role that may read User Management."""
    if user_id != actor.id and not policy.allowed(actor.role.name, "system/user-management", "read"):
        raise NotFound("User not found.")
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("User not found.")
    return user


def change_own_password(*, session: Session, redis_client: redis.Redis, actor: User, session_id: str,
                        old_password: str, new_password: str | None, confirmation: str | None) -> None:
    """Other sessions of the user end; the current one stays signed in."""
    if not verify_password(old_password, actor.password_hash).ok:
        raise BadRequest(WRONG_CURRENT_PASSWORD)
    errors = check_new_password(new_password, confirmation)
    if errors:
        raise ValidationFailed(errors)
    auth_service.set_password(session=session, redis_client=redis_client, user=actor, password=new_password or "",
                              keep_session=session_id)


def set_password_by_admin(*, session: Session, redis_client: redis.Redis, actor: User, user_id: int,
                          new_password: str | None, confirmation: str | None) -> None:
    """An administrator sets a user's password; every session of that user ends."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("User not found.")
    if user.id == actor.id:
        raise Forbidden("Use your profile to change your own password.")
    if users_erasure.is_erased(user):
        raise Conflict(users_erasure.ERASED_ACCOUNT)
    errors = check_new_password(new_password, confirmation)
    if errors:
        raise ValidationFailed(errors)
    audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id,
                 label=audit.user_label(user), action="PASSWORD_SET")
    auth_service.set_password(session=session, redis_client=redis_client, user=user, password=new_password or "")


def save_profile_picture(*, session: Session, storage: Storage, actor: User, upload: Upload) -> str:
    """Store a picture (checked by its content when it was received) and point the user at it; the picture it
    replaces goes once that commits, and a save that does not commit leaves no file."""
    staged = storage.staged(session)
    name = staged.store(PICTURES, stem=str(actor.id), upload=upload)
    if actor.profile_picture:
        staged.discard(PICTURES, actor.profile_picture)
    actor.profile_picture = name
    session.commit()
    return name
