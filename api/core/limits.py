"""Request bodies are limited before they are parsed: 1 MB unless the route declares more (an upload route, its own
limit through `body_limit`). A Content-Length over the limit is refused before a byte is read; a body without one is
counted as it streams in and refused at the first byte past the limit. The refusal is the app's error body, 413."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.core.uploads import TOO_LARGE

MAX_BYTES = 1024 * 1024  # JSON, urlencoded and any route without a declared limit
BODY_TOO_LARGE = f"Request body is too large: at most {MAX_BYTES // 1024} KB."
LIMIT_KEY = "x-max-body-bytes"


def body_limit(max_bytes: int) -> dict[str, Any]:
    """The `openapi_extra` of an upload route whose body may be larger than MAX_BYTES (also shown in the schema)."""
    return {LIMIT_KEY: max_bytes}


class _TooLarge(Exception):
    pass


class _Body:
    """One request's body as it is received."""

    def __init__(self, scope: Scope, default: int):
        self.scope, self.default = scope, default
        self.max_bytes: int | None = None
        self.message = BODY_TOO_LARGE
        self.received = 0
        self.exceeded = self.started = False

    def limit(self) -> int:
        # decided at the first read of the body: by then the router has put the matched route into the scope
        if self.max_bytes is None:
            extra = getattr(self.scope.get("route"), "openapi_extra", None) or {}
            declared = extra.get(LIMIT_KEY)
            self.max_bytes = declared if isinstance(declared, int) else self.default
            if isinstance(declared, int):
                self.message = TOO_LARGE
            length = _content_length(self.scope)
            if length is not None and length > self.max_bytes:
                self.refuse()
        return self.max_bytes

    def count(self, message: Message) -> None:
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit():
                self.refuse()

    def refuse(self) -> None:
        self.exceeded = True
        raise _TooLarge


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimitMiddleware:
    """Pure ASGI (nothing buffered): the app sees a body that stops at the limit, and its answer to a refused body is
    replaced by the 413."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BYTES):
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body = _Body(scope, self.max_bytes)

        async def limited_receive() -> Message:
            body.limit()
            message = await receive()
            body.count(message)
            return message

        async def guarded_send(message: Message) -> None:
            if body.exceeded and not body.started:
                return  # the app's answer to a body it could not read (a 400, a 500) is replaced below
            if message["type"] == "http.response.start":
                body.started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not body.exceeded or body.started:
                raise
        if body.exceeded and not body.started:
            await _refusal(send, body.message)


async def _refusal(send: Send, message: str) -> None:
    content = json.dumps({"messages": [message], "type": "PayloadTooLarge"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": content})
