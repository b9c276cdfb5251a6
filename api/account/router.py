"""A user's account: detail, password changes, profile picture (spec 1 §2.2, §7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import File, Path, Request, UploadFile
from fastapi.responses import FileResponse, Response

from api.access.schemas import SessionUser
from api.access.service import session_user
from api.account import service
from api.auth.schemas import ChangeOwnPasswordIn, SetPasswordIn
from api.core import uploads
from api.core.deps import Authz, PolicyDep, RedisDep, SessionDep, SettingsDep
from api.core.errors import NotFound
from api.core.inputs import Id
from api.core.limits import body_limit
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User
from api.users.schemas import ProfilePictureOut

router = domain_router(tags=["users"])


@router.put("/users/me/change-password", summary="Change one's own password")
def change_own_password(body: ChangeOwnPasswordIn, request: Request, session: SessionDep, redis_client: RedisDep,
                        actor: Annotated[User, Authz("user/profile", "edit")]) -> Envelope[None]:
    service.change_own_password(session=session, redis_client=redis_client, actor=actor,
                                session_id=request.state.session_id, old_password=body.old_password,
                                new_password=body.new_password, confirmation=body.confirmation_new_password)
    return ok(None)


@router.post("/users/me/profile-picture", summary="Upload one's profile picture (PNG, JPEG, GIF, WEBP; 5 MB)",
             openapi_extra=body_limit(uploads.PICTURE.body_limit()))
def upload_profile_picture(request: Request, session: SessionDep, settings: SettingsDep,
                           actor: Annotated[User, Authz("user/profile", "edit")],
                           file: Annotated[UploadFile, File()]) -> Envelope[ProfilePictureOut]:
    # checked by size and content where it was spooled (dimensions from the header, before any decoding)
    upload = uploads.inspect(file.file, file.filename or "", uploads.PICTURE,
                             max_bytes=settings.profile_picture_max_bytes)
    name = service.save_profile_picture(session=session, storage=request.app.state.storage, actor=actor,
                                        upload=upload)
    return ok(ProfilePictureOut(profile_picture=name))


@router.put("/users/{user_id}/change-password", summary="Set a user's password (administrators)")
def set_password(user_id: Id, body: SetPasswordIn, session: SessionDep, redis_client: RedisDep,
                 actor: Annotated[User, Authz("system/user-management", "edit")]) -> Envelope[None]:
    service.set_password_by_admin(session=session, redis_client=redis_client, actor=actor, user_id=user_id,
                                  new_password=body.new_password, confirmation=body.confirmation_new_password)
    return ok(None)


@router.get("/users/{user_id}/detail", summary="A user's details (oneself, or anyone with User Management)")
def get_detail(user_id: Id, session: SessionDep, policy: PolicyDep, settings: SettingsDep,
               actor: Annotated[User, Authz("account", "read")]) -> Envelope[SessionUser]:
    user = service.get_visible_or_404(session=session, policy=policy, actor=actor, user_id=user_id)
    return ok(session_user(user, settings))


@router.get("/profile-pictures/{file_name}", summary="A profile picture",
            response_class=FileResponse, responses={200: {"content": {"image/*": {}}}})
def get_profile_picture(file_name: Annotated[str, Path(max_length=200)], request: Request,
                        actor: Annotated[User, Authz("account", "read")]) -> Response:
    stored = request.app.state.storage.find(service.PICTURES, file_name)
    if stored is None:
        raise NotFound("Picture not found.")
    return stored.response(image_inline=True, cache_control="private, max-age=86400")
