"""Place search for the activity form's map (spec 2 §2.8): the API asks a Nominatim-compatible provider for the
browser, within Nominatim's usage policy (https://operations.osmfoundation.org/policies/nominatim/): an identifying
User-Agent, answers cached, at most one request a second from the whole deployment (a slot in Redis that every API
process takes before calling), and nothing but what a person typed or where their browser stands."""

from __future__ import annotations

import logging
import math
import time
from typing import Any

import redis

from api.core import cache
from api.core.config import Settings
from api.core.errors import BadGateway, ServiceUnavailable, TooManyRequests
from api.geo.schemas import GeoPlace, MapCenter, MapConfig

log = logging.getLogger(__name__)

# the spec's map (spec 2 §2.8, §9): Gading Serpong, Tangerang, at street level; places in Indonesia only
CENTER = MapCenter(latitude=-6.26, longitude=106.62)
ZOOM = 15
COUNTRY_CODE = "id"
LANGUAGES = "id,en"
SEARCH_LIMIT = 8
QUERY_MIN, QUERY_MAX = 3, 200
REVERSE_ZOOM = 18  # a building or a street
CACHE_TTL = 7 * 24 * 3600
SEARCH_CACHE, REVERSE_CACHE = "geo-search", "geo-reverse"
# one provider request a second across every API process: the first to set this key (for a second) may call
SLOT_KEY = "geo:provider-slot"
SLOT_MS = 1000
SLOT_WAIT_SECONDS = 1.5

OFF = "Place search is not available."
BUSY = "Place search is busy, try again in a moment."
FAILED = "The place search failed. Type the place instead."
TOO_SHORT = f"Type at least {QUERY_MIN} characters to search for a place."
TOO_LONG = f"A place search can have at most {QUERY_MAX} characters."


def map_config(*, settings: Settings) -> MapConfig:
    """The map the activity form shows: tiles, centre, zoom, country, and whether the place search is on."""
    return MapConfig(tile_url=settings.map_tile_url, attribution=settings.map_tile_attribution, center=CENTER,
                     zoom=ZOOM, country_code=COUNTRY_CODE, search_available=bool(settings.geocoder_url.strip()))


def normalize(query: str) -> str:
    """The search as the cache keys it and the provider gets it: lower case, whitespace collapsed."""
    return " ".join(query.split()).lower()


def search(*, redis_client: redis.Redis, settings: Settings, query: str) -> list[GeoPlace]:
    """Up to eight places in Indonesia matching the query (cached for a week; a failure is not cached)."""
    base = _provider(settings)
    text = normalize(query)

    def load() -> list[dict[str, Any]]:
        found = _call(redis_client, settings, f"{base}/search", {
            "format": "jsonv2", "countrycodes": COUNTRY_CODE, "limit": SEARCH_LIMIT, "addressdetails": 0, "q": text})
        if not isinstance(found, list):
            log.warning("place search: the provider's /search answered %s, not a list", type(found).__name__)
            raise BadGateway(FAILED)
        places = (_place(item) for item in found)
        return [p for p in places if p is not None][:SEARCH_LIMIT]

    return [GeoPlace.model_validate(p) for p in cache.cached(redis_client, SEARCH_CACHE, load, ttl=CACHE_TTL, arg=text)]


def reverse(*, redis_client: redis.Redis, settings: Settings, latitude: float, longitude: float) -> GeoPlace | None:
    """The place at a position (the browser's own, read when the form opens), or None where the provider knows none."""
    base = _provider(settings)
    # about a metre: a browser reading the same spot twice asks the provider once
    lat, lon = f"{latitude:.5f}", f"{longitude:.5f}"

    def load() -> dict[str, Any] | None:
        found = _call(redis_client, settings, f"{base}/reverse",
                      {"format": "jsonv2", "lat": lat, "lon": lon, "zoom": REVERSE_ZOOM})
        if not isinstance(found, dict):
            log.warning("place search: the provider's /reverse answered %s, not an object", type(found).__name__)
            raise BadGateway(FAILED)
        return None if "error" in found else _place(found)  # Nominatim: {"error": "Unable to geocode"}

    place = cache.cached(redis_client, REVERSE_CACHE, load, ttl=CACHE_TTL, arg=f"{lat},{lon}")
    return None if place is None else GeoPlace.model_validate(place)


def _provider(settings: Settings) -> str:
    base = settings.geocoder_url.strip().rstrip("/")
    if not base:
        raise ServiceUnavailable(OFF)
    return base


def _call(redis_client: redis.Redis, settings: Settings, url: str, params: dict[str, Any]) -> Any:
    """The provider's parsed JSON answer; BadGateway when it cannot be reached, fails or answers something else."""
    import httpx  # cold start: the HTTP client loads with the first place search, not at every process start

    _take_slot(redis_client)
    if settings.geocoder_email:
        params = {**params, "email": settings.geocoder_email}
    path = url.rsplit("/", 1)[-1]
    try:
        # no Referer, cookies or redirects: the provider learns the deployment (User-Agent) and the query only
        response = httpx.get(url, params={**params, "accept-language": LANGUAGES}, timeout=settings.geocoder_timeout,
                             headers={"User-Agent": settings.geocoder_user_agent, "Accept": "application/json"})
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        log.warning("place search: the provider's /%s failed: %s", path, type(exc).__name__)
        raise BadGateway(FAILED) from exc
    finally:
        # the slot is held a whole second from when this request ended, not from when it was taken: a request that
        # took a while to go out (a busy machine) must not reach the provider within a second of the next one
        redis_client.set(SLOT_KEY, "1", px=SLOT_MS)
    if response.status_code != 200:
        log.warning("place search: the provider's /%s answered %s", path, response.status_code)
        raise BadGateway(FAILED)
    try:
        return response.json()
    except ValueError as exc:
        log.warning("place search: the provider's /%s answered something other than JSON", path)
        raise BadGateway(FAILED) from exc


def _take_slot(redis_client: redis.Redis) -> None:
    """Wait (at most SLOT_WAIT_SECONDS) for this second's provider request, the only one of the deployment."""
    deadline = time.monotonic() + SLOT_WAIT_SECONDS
    while not redis_client.set(SLOT_KEY, "1", nx=True, px=SLOT_MS):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TooManyRequests(BUSY, extra={"retryAfter": 1})
        held: Any = redis_client.pttl(SLOT_KEY)  # -2: just freed; -1 cannot happen (set with px) but is harmless
        time.sleep(min(left, max(int(held), 10) / 1000))


def _place(item: Any) -> dict[str, Any] | None:
    """One of the provider's results as a place, or None when it has no usable position."""
    if not isinstance(item, dict):
        return None
    try:
        latitude, longitude = float(item["lat"]), float(item["lon"])
    except (KeyError, TypeError, ValueError):
        return None
    if not (math.isfinite(latitude) and math.isfinite(longitude) and -90 <= latitude <= 90
            and -180 <= longitude <= 180):
        return None
    address = str(item.get("display_name") or "").strip()
    name = str(item.get("name") or "").strip() or address.split(",", 1)[0].strip()
    return {"name": name, "address": address, "latitude": latitude, "longitude": longitude}
