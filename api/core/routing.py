"""Every domain's router: its routes under /api, each refusing a NUL character before anything else reads the call, and
each list answering as a spreadsheet when asked (api/core/exports.py).

A router is made as the app serves it, so the app adds its routes as they are (api.main). Included instead (under a
prefix, with a dependency), FastAPI made a second copy of every route at start, analysing each endpoint's signature
once more: a sixth of the API's start."""

from __future__ import annotations

from enum import Enum

from fastapi import APIRouter, Depends

from api.core.exports import ExportableRoute
from api.core.inputs import refuse_nul

API_PREFIX = "/api"


def domain_router(prefix: str = "", *, tags: list[str | Enum]) -> APIRouter:
    """A router of the API, whose routes' paths start with API_PREFIX + `prefix`."""
    return APIRouter(prefix=API_PREFIX + prefix, tags=tags, dependencies=[Depends(refuse_nul)],
                     route_class=ExportableRoute)
