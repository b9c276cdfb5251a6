"""Decide from the mail (api/approvals/mail_links.py): public calls, the link's token being the credential. Opening
a link (GET) only describes what it will decide; deciding is a POST with the confirmation (and a rejection's note)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request, Response

from api.approvals import mail_decisions
from api.approvals.schemas import LinkDecisionIn, LinkDecisionOut, LinkOut
from api.core.deps import RedisDep, SessionDep, SettingsDep, TemporalDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok

router = domain_router("/approval-links", tags=["approvals"])

Token = Annotated[str, Path(min_length=20, max_length=1000, description="The token of the mail's link")]
_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Not a valid link (changed, cut short): LinkInvalid"},
    404: {"description": "Its request no longer exists: LinkStale"},
    403: {"description": "The request no longer waits for this approver: LinkStale"},
    409: {"description": "Used already (LinkUsed), or the request finished or moved on (LinkStale)"},
    410: {"description": "Expired: LinkExpired"},
    429: {"description": "Too many link calls from this address"}}


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.get("/{token}", summary="What a mail's Approve or Reject link will decide (public; changes nothing)",
            responses=_REFUSALS)
def describe_link(token: Token, request: Request, response: Response, session: SessionDep, redis_client: RedisDep,
                  settings: SettingsDep) -> Envelope[LinkOut]:
    mail_decisions.limit(redis_client=redis_client, settings=settings, address=_address(request))
    response.headers["Cache-Control"] = "no-store"
    return ok(mail_decisions.describe(session=session, settings=settings, token=token))


@router.post("/{token}", summary="Decide as a mail's link says, once confirmed (public: the link is the "
                                 "credential; spent when the decision is accepted)",
             responses={**_REFUSALS,
                        202: {"model": Envelope[LinkDecisionOut],
                              "description": "Received but not yet confirmed: it will be applied shortly"},
                        422: {"description": "A rejection without its description (the link stays usable)"}})
def decide_by_link(token: Token, body: LinkDecisionIn, request: Request, response: Response, session: SessionDep,
                   redis_client: RedisDep, settings: SettingsDep, temporal: TemporalDep) -> Envelope[LinkDecisionOut]:
    mail_decisions.limit(redis_client=redis_client, settings=settings, address=_address(request))
    response.headers["Cache-Control"] = "no-store"
    answer = mail_decisions.decide(session=session, temporal=temporal, settings=settings, token=token,
                                   note=body.note)
    if answer.outcome == "PROCESSING":
        response.status_code = 202
    return ok(answer)
