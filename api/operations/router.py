"""Operations calls (api/operations/access.py): the operations cookie for the Temporal UI, the web server's check
of it, and the codec endpoint that opens sealed payloads (api/core/temporal/sealing.py) for the Temporal UI and the
`temporal` CLI, for operators only.

The codec endpoint only decodes: nothing here seals a payload for someone else, so the UI (its write actions off)
and the CLI can read histories but cannot make a call the worker would accept."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from fastapi import Depends, Request, Response

from api.core.deps import Authz, Credentials, SessionDep, SettingsDep, authenticate
from api.core.errors import Forbidden, ValidationFailed
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.core.temporal import sealing
from api.operations import access
from api.operations.schemas import CodecPayload, CodecPayloads, OperationsSessionOut
from api.users.models import User

router = domain_router("/operations", tags=["operations"])
BAD_PAYLOAD = "A payload's metadata and data must be base64."


def _operator(request: Request, session: SessionDep, credentials: Credentials) -> User:
    """An operator, by bearer token (the `temporal` CLI's --codec-auth) or by the operations cookie (the UI)."""
    if credentials is None:
        return access.cookie_operator(request, session)
    user = authenticate(request, session, credentials, request.app.state.policy)
    if not access.is_operator(request.app.state.policy, user):
        raise Forbidden(access.NOT_AN_OPERATOR)
    return user


class _OperatorAccess(access.OperatorCookie):
    def __call__(self, request: Request, session: SessionDep, credentials: Credentials) -> User:  # type: ignore[override]
        return _operator(request, session, credentials)

    def __repr__(self) -> str:
        return "OperatorAccess()"


@router.post("/ui-session", summary="The operations cookie, for opening the Temporal UI (operators only)",
             responses={403: {"description": "Not an operator"}})
def ui_session(request: Request, response: Response, settings: SettingsDep,
               actor: Annotated[User, Authz(access.PAGE, "read")]) -> Envelope[OperationsSessionOut]:
    access.issue(response, settings, actor, request.state.session_id)
    return ok(OperationsSessionOut(temporal_ui_url=settings.temporal_ui_url))


@router.get("/ui-check", status_code=204, summary="The web server's check of the operations cookie (auth_request)",
            responses={401: {"description": "No valid operations cookie"}, 403: {"description": "Not an operator"}})
def ui_check(actor: Annotated[User, Depends(access.OperatorCookie())]) -> Response:
    return Response(status_code=204, headers={"Cache-Control": "no-store"})


@router.options("/codec/decode", include_in_schema=False)
def codec_preflight() -> Response:
    """The browser's preflight of the Temporal UI's decode (its CORS headers: api/operations/cors.py)."""
    return Response(status_code=204)


@router.post("/codec/decode", summary="Open sealed payloads for the Temporal UI or CLI (operators only)",
             responses={422: {"description": "A payload is not base64"}, 401: {"description": "Not signed in"},
                        403: {"description": "Not an operator"}})
def codec_decode(body: CodecPayloads, request: Request, response: Response, settings: SettingsDep,
                 actor: Annotated[User, Depends(_OperatorAccess())]) -> CodecPayloads:
    response.headers["Cache-Control"] = "no-store"
    opened = sealing.open_for_operators(sealing.keys_of(settings), [_payload(p) for p in body.payloads])
    return CodecPayloads(payloads=[_json(metadata, data) for metadata, data in opened])


def _payload(given: CodecPayload) -> tuple[dict[str, bytes], bytes]:
    try:
        return ({k: base64.b64decode(v, validate=True) for k, v in given.metadata.items()},
                base64.b64decode(given.data, validate=True))
    except (binascii.Error, ValueError) as exc:
        raise ValidationFailed(BAD_PAYLOAD) from exc


def _json(metadata: dict[str, bytes], data: bytes) -> CodecPayload:
    return CodecPayload(metadata={k: base64.b64encode(v).decode() for k, v in metadata.items()},
                        data=base64.b64encode(data).decode())
