"""Security headers, set once for every response of the app (the API, the built front end, downloads): a content
security policy the built front end satisfies, frame denial, referrer policy and no content sniffing. A header a
response sets itself (a download's Content-Disposition, say) is left as it is."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Vite's build loads scripts and styles from /assets only (no inline script); Ant Design's CSS-in-JS inserts <style>
# elements and React sets style attributes, hence 'unsafe-inline' for styles only. Profile pictures and previews are
# blob: URLs (images, voice notes, the PDF iframe); the notification stream and every API call are same-origin (place
# search goes through the API); the activity map's tiles come from the tile server (MAP_TILE_URL), added where the
# app is made.
APP_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
              "font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; frame-src 'self' blob:; "
              "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
# Swagger UI (/api/docs) loads its bundle from jsDelivr and starts it with an inline script; a page of ours only.
SWAGGER_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (f"default-src 'self'; script-src 'self' 'unsafe-inline' {SWAGGER_CDN}; "
               f"style-src 'self' 'unsafe-inline' {SWAGGER_CDN}; img-src 'self' data: https://fastapi.tiangolo.com; "
               "connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'")
# How long a browser keeps what the built front end is made of (deploy/nginx.conf serves the same): its assets are
# named by their content's hash, so a year without asking again; the page that names them (index.html) is asked
# for again every time, so a new build is seen at the next load.
ASSETS_CACHE = "public, max-age=31536000, immutable"
PAGE_CACHE = "no-cache"
COMMON = {
    b"x-content-type-options": b"nosniff",
    b"x-frame-options": b"DENY",
    b"referrer-policy": b"no-referrer",  # reset links carry their token in the URL
    b"cross-origin-opener-policy": b"same-origin",
}


def tile_source(tile_url: str) -> str | None:
    """The CSP source of a Leaflet tile template (MAP_TILE_URL): its origin, '{s}' subdomains as a wildcard; None for
    a same-origin (relative) template or one that is not http(s)."""
    parts = urlsplit(tile_url.replace("{s}", "s-wildcard"))
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc.replace('s-wildcard', '*')}"


def app_policy(img_sources: tuple[str, ...] = ()) -> str:
    """The app's policy, its images also allowed from `img_sources` (the map's tile server)."""
    if not img_sources:
        return APP_POLICY
    return APP_POLICY.replace("img-src 'self' data: blob:;", f"img-src 'self' data: blob: {' '.join(img_sources)};")


class SecurityHeadersMiddleware:
    """Pure ASGI: adds the headers to each response's start, nothing buffered."""

    def __init__(self, app: ASGIApp, docs_prefix: str = "/api/docs", img_sources: tuple[str, ...] = ()):
        self.app, self.docs_prefix = app, docs_prefix
        self.policy = app_policy(img_sources)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope.get("path", "").startswith(self.docs_prefix) else self.policy
        added = {**COMMON, b"content-security-policy": policy.encode()}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in added.items() if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
