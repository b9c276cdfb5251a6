"""The refresh token's cookie, the device cookie, and the cross-site request check of the two calls that read the
refresh cookie (refresh, logout).

The refresh token never reaches a script: it travels only in an httpOnly, SameSite=Strict cookie scoped to
/api/auth. A cookie goes along with any request the browser makes, so the calls that act on it also refuse a
request another site could have made: it must carry the X-Requested-With header (a cross-origin page cannot add a
custom header without a CORS preflight, which this API never grants), and its Origin (or, without one, its Referer)
must be the app's own.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Cookie, Depends, Header, Request, Response

from api.core.config import Settings
from api.core.errors import Forbidden

REFRESH_COOKIE = "crm_refresh"
# a random value naming this browser, set at every sign-in: a username under attack lets its user in from a device
# that signed in as them before without a mailed code (api.auth.devices)
DEVICE_COOKIE = "crm_device"
COOKIE_PATH = "/api/auth"
CSRF_HEADER = "X-Requested-With"

MISSING_HEADER = ("Refused as a possible cross-site request: this call must carry the X-Requested-With header "
                  "(the app sends it).")
FOREIGN_ORIGIN = "Refused as a cross-site request: this call must come from the app's own pages."


def set_refresh_cookie(response: Response, settings: Settings, refresh_token: str) -> None:
    response.set_cookie(REFRESH_COOKIE, refresh_token, max_age=settings.refresh_token_days * 86400, path=COOKIE_PATH,
                        secure=settings.auth_cookie_secure, httponly=True, samesite="strict")
    response.headers["Cache-Control"] = "no-store"


def set_device_cookie(response: Response, settings: Settings, device: str) -> None:
    response.set_cookie(DEVICE_COOKIE, device, max_age=settings.login_known_days * 86400, path=COOKIE_PATH,
                        secure=settings.auth_cookie_secure, httponly=True, samesite="strict")


def clear_refresh_cookie(response: Response, settings: Settings) -> None:
    response.delete_cookie(REFRESH_COOKIE, path=COOKIE_PATH, secure=settings.auth_cookie_secure, httponly=True,
                           samesite="strict")


def _origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else None


def _own_origin(request: Request, origin: str) -> bool:
    """The configured app URL, another configured front-end origin, or the host this request was sent to."""
    settings: Settings = request.app.state.settings
    allowed = {settings.public_url.lower(), *(o.rstrip("/").lower() for o in settings.allowed_redirect_origins)}
    host = request.headers.get("host", "").lower()
    return origin in allowed or (bool(host) and urlsplit(origin).netloc == host)


async def same_origin(request: Request, x_requested_with: Annotated[
        str | None, Header(alias=CSRF_HEADER, max_length=100,
                           description="Any value (the app sends XMLHttpRequest): a cross-site page cannot send it")
] = None) -> None:
    """Refuses (403) a request that another site could have made with the browser's cookie."""
    if not x_requested_with:
        raise Forbidden(MISSING_HEADER)
    if request.headers.get("sec-fetch-site") == "cross-site":
        raise Forbidden(FOREIGN_ORIGIN)
    claimed = request.headers.get("origin") or request.headers.get("referer")
    if claimed is None:
        return  # not a browser's cross-site request (a browser names the origin of a cross-origin POST)
    origin = _origin_of(claimed)
    if origin is None or not _own_origin(request, origin):
        raise Forbidden(FOREIGN_ORIGIN)


SameOrigin = Depends(same_origin)
RefreshCookie = Annotated[str | None, Cookie(alias=REFRESH_COOKIE, max_length=200,
                                             description="The refresh token (set by login and refresh; httpOnly)")]
DeviceCookie = Annotated[str | None, Cookie(alias=DEVICE_COOKIE, max_length=100,
                                            description="This browser's device (set by a sign-in; httpOnly)")]
