"""Place search calls (spec 2 §2.8 activity form, map with place search): the map's settings, a search by name and
the place at a position, each through the configured provider; the browser never calls the provider itself."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import AfterValidator

from api.core.deps import Authz, RedisDep, SettingsDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.geo import service
from api.geo.schemas import GeoPlace, MapConfig
from api.users.models import User

router = domain_router("/geo", tags=["geo"])
# whoever may open a lead may open its activities and their map (approvers read the leads they decide on): the same
# guard as the activities' reads
Reader = Annotated[User, Authz("leads", "read", or_page="leads/view")]


def _query_text(value: str) -> str:
    text = value.strip()
    if len(text) < service.QUERY_MIN:
        raise ValueError(service.TOO_SHORT)
    if len(text) > service.QUERY_MAX:
        raise ValueError(service.TOO_LONG)
    return text


# the bounds hold after the spaces around the text are dropped (with the messages above); the schema's maxLength
# bounds the raw text, its minLength only says what the validator refuses anyway
SearchText = Annotated[str, Query(max_length=2 * service.QUERY_MAX, json_schema_extra={"minLength": service.QUERY_MIN},
                                  description=f"The place to find, {service.QUERY_MIN}-{service.QUERY_MAX} characters "
                                              "once trimmed"),
                       AfterValidator(_query_text)]
Latitude = Annotated[float, Query(ge=-90, le=90, description="Degrees north (WGS 84)")]
Longitude = Annotated[float, Query(ge=-180, le=180, description="Degrees east (WGS 84)")]

_PROVIDER_ERRORS: dict[int | str, dict[str, Any]] = {
    429: {"description": f"Another search holds this second's provider request: '{service.BUSY}' (retryAfter 1)"},
    502: {"description": f"The provider failed or could not be reached: '{service.FAILED}'"},
    503: {"description": f"No provider is configured: '{service.OFF}'"},
}


@router.get("/config", summary="The activity form's map: tiles, centre, zoom, country, whether place search is on")
def get_config(settings: SettingsDep, actor: Reader) -> Envelope[MapConfig]:
    return ok(service.map_config(settings=settings))


@router.get("/search", summary="Places in Indonesia matching a name (at most 8, cached)", responses=_PROVIDER_ERRORS)
def search(q: SearchText, redis: RedisDep, settings: SettingsDep, actor: Reader) -> Envelope[list[GeoPlace]]:
    return ok(service.search(redis_client=redis, settings=settings, query=q))


@router.get("/reverse", summary="The place at a position (null where none is known)", responses=_PROVIDER_ERRORS)
def reverse(lat: Latitude, lon: Longitude, redis: RedisDep, settings: SettingsDep,
            actor: Reader) -> Envelope[GeoPlace | None]:
    return ok(service.reverse(redis_client=redis, settings=settings, latitude=lat, longitude=lon))
