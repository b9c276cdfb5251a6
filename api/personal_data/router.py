"""A person's data on request (system/personal-data, administrators): what is held about a contact or a user, their
archive, their erasure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Annotated, Any

from fastapi import Request
from fastapi.responses import StreamingResponse

from api.core.deps import Authz, RedisDep, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.personal_data import service, user_service
from api.personal_data.schemas import (
    ContactPersonalData,
    EraseIn,
    ErasureOut,
    UserErasureOut,
    UserPersonalData,
)
from api.users.models import User

PAGE = "system/personal-data"
router = domain_router("/personal-data", tags=["personal data"])
Reader = Annotated[User, Authz(PAGE, "read")]
Eraser = Annotated[User, Authz(PAGE, "delete")]
CHUNK = 64 * 1024
ZIP_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": "The archive (attachment): contact.json, README.txt and files/", "content": {
        "application/zip": {}}},
    404: {"description": "No such contact"}}
USER_ZIP_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": "The archive (attachment): user.json, README.txt and files/", "content": {
        "application/zip": {}}},
    404: {"description": "No such user"}}


def _streamed(content: IO[bytes]) -> Iterator[bytes]:
    try:
        while chunk := content.read(CHUNK):
            yield chunk
    finally:
        content.close()


@router.get("/contacts/{contact_id}", summary="What the product holds about a contact, by kind, and whether they "
                                              "were erased")
def get_contact_data(contact_id: Id, session: SessionDep, actor: Reader) -> Envelope[ContactPersonalData]:
    return ok(service.summary(session=session, contact_id=contact_id))


@router.get("/contacts/{contact_id}/archive", summary="Everything held about a contact as one ZIP (audited)",
            response_class=StreamingResponse, responses=ZIP_RESPONSES)
def download_contact_archive(contact_id: Id, request: Request, session: SessionDep,
                             actor: Reader) -> StreamingResponse:
    content, name = service.export(session=session, storage=request.app.state.storage, actor=actor,
                                   contact_id=contact_id)
    return _zip(content, name)


def _zip(content: IO[bytes], name: str) -> StreamingResponse:
    return StreamingResponse(_streamed(content), media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff"})


@router.post("/contacts/{contact_id}/erase", summary="Erase a contact: personal fields replaced, their activities' "
                                                     "files deleted, history kept anonymised, mentions replaced "
                                                     "(audited); the full name typed back confirms")
def erase_contact(contact_id: Id, body: EraseIn, request: Request, session: SessionDep,
                  actor: Eraser) -> Envelope[ErasureOut]:
    return ok(service.erase(session=session, storage=request.app.state.storage, actor=actor, contact_id=contact_id,
                            confirmation=body.confirmation))


@router.get("/users/{user_id}", summary="What the product holds about a user, by kind; whether they were erased, or "
                                        "why they cannot be yet")
def get_user_data(user_id: Id, session: SessionDep, redis_client: RedisDep,
                  actor: Reader) -> Envelope[UserPersonalData]:
    return ok(user_service.summary(session=session, r=redis_client, actor=actor, user_id=user_id))


@router.get("/users/{user_id}/archive", summary="Everything held about a user as one ZIP (audited)",
            response_class=StreamingResponse, responses=USER_ZIP_RESPONSES)
def download_user_archive(user_id: Id, request: Request, session: SessionDep, redis_client: RedisDep,
                          actor: Reader) -> StreamingResponse:
    content, name = user_service.export(session=session, r=redis_client, storage=request.app.state.storage,
                                        actor=actor, user_id=user_id)
    return _zip(content, name)


@router.post("/users/{user_id}/erase", summary="Erase a deactivated user with no open work: personal fields "
                                               "replaced, sign-in data, saved views and their notifications deleted, "
                                               "sessions ended, mentions and the audit rewritten (audited); the full "
                                               "name typed back confirms")
def erase_user(user_id: Id, body: EraseIn, request: Request, session: SessionDep, redis_client: RedisDep,
               actor: Eraser) -> Envelope[UserErasureOut]:
    return ok(user_service.erase(session=session, r=redis_client, storage=request.app.state.storage, actor=actor,
                                 user_id=user_id, confirmation=body.confirmation))
