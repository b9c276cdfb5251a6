"""The Temporal UI on an origin of its own (`make run`: the dev server's port) reads the codec endpoint's answers,
its refusals (401, 403) included, so it can say why it shows payloads sealed: the one origin allowed, with
credentials (the operations cookie), on the codec's paths only. Pure ASGI: it adds headers to the response start."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PATH = "/api/operations/codec/"
ALLOWED_HEADERS = "Content-Type, X-Namespace, Authorization"


def ui_origin(temporal_ui_url: str | None) -> str | None:
    if not temporal_ui_url:
        return None
    parts = urlsplit(temporal_ui_url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


class CodecCors:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(PATH):
            await self.app(scope, receive, send)
            return
        allowed = ui_origin(scope["app"].state.settings.temporal_ui_url)  # the app's settings (TEMPORAL_UI_URL)
        origin = dict(scope.get("headers", ())).get(b"origin", b"").decode(errors="replace")
        if allowed is None or origin != allowed:
            await self.app(scope, receive, send)
            return
        added = [(b"access-control-allow-origin", origin.encode()), (b"access-control-allow-credentials", b"true"),
                 (b"vary", b"Origin")]
        if scope.get("method") == "OPTIONS":
            added += [(b"access-control-allow-methods", b"POST"),
                      (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
                      (b"access-control-max-age", b"600")]

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *added]}
            await send(message)

        await self.app(scope, receive, send_with_cors)
