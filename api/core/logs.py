"""Logs: one configuration for every process (the API, the worker, `make run`), readable text in development or
one JSON object per line in production (`LOG_FORMAT=json`), each record carrying the request id of the call it
serves.

The request id comes from the caller's `X-Request-ID` (a proxy's) or is made here, is answered in the response's
`X-Request-ID`, and crosses into Temporal in a header (`RequestIdInterceptor` on the API's client,
api/core/temporal/request_ids.py, and its worker side in worker/request_ids.py, after Temporal's context propagation
sample): the workflows and activities a call starts or updates log with the same id, so `grep <id>` follows one
approval from the click to the lead's update.

Secrets are never logged: no code logs a token, password or link with a token; a test scans the logs of a whole
test run for the secrets the run made (tests/test_log_secrets.py)."""

from __future__ import annotations

import logging
import re
import sys
import uuid
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
HEADER = "crm-request-id"  # the Temporal header carrying it
_VALID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s]: %(message)s"


SECRET_QUERY = re.compile(r"([?&](?:token|refresh_?[tT]oken|forgotPasswordToken)=)[^&\s\"]+")
SECRET_PATH = re.compile(r"(/forgot-password/|/approval-links/|/approval/mail/)[^/?\s\"]+")


def redact_query(path: str) -> str:
    """A request path without its secrets: the values of secret query parameters (a reset token) and the token of
    a reset link's page (/forgot-password/<token>, which the API serves as the front end's page) and of a mail's
    approval link (/approval/mail/<token>, /api/approval-links/<token>) replaced."""
    return SECRET_PATH.sub(r"\1[redacted]", SECRET_QUERY.sub(r"\1[redacted]", path))


class _AccessRedaction(logging.Filter):
    """uvicorn's access log writes each request's path with its query: a reset link's page and its check carry the
    token (GET /forgot-password/<token>, GET /api/auth/forgot-password?token=...): it is replaced before it is
    written."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and len(record.args) >= 3 and isinstance(record.args[2], str):
            record.args = (*record.args[:2], redact_query(record.args[2]), *record.args[3:])
        return True


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get() or "-"
        return True


def formatted(handler: logging.Handler, fmt: str = "text", *, process: str | None = None) -> logging.Handler:
    """The handler, writing records as the product does: text or JSON, each with its request id."""
    handler.addFilter(_RequestIdFilter())
    if fmt == "json":
        handler.setFormatter(JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            static_fields={"process": process} if process else None, timestamp=False))
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    return handler


def configure(level: str = "INFO", fmt: str = "text", *, process: str | None = None) -> None:
    """The root logger writes to stderr, as text or JSON, every record with its request id (and in JSON the process
    name: api, worker, run). Idempotent: a second call replaces the handler."""
    handler = formatted(logging.StreamHandler(sys.stderr), fmt, process=process)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "crm", False)]:
        root.removeHandler(old)
    handler.crm = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):  # through the root handler, in the same format
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, _AccessRedaction) for f in access.filters):
        access.addFilter(_AccessRedaction())
    logging.getLogger("casbin").setLevel(logging.WARNING)  # it writes the whole policy at INFO on every load


def new_request_id(given: str | None = None) -> str:
    return given if given and _VALID.match(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    """Every HTTP call gets a request id (the caller's `X-Request-ID` when it is a plain token), set for the logs of
    everything the call does and answered in `X-Request-ID`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"x-request-id"), None)
        rid = new_request_id(given)
        token = request_id.set(rid)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            request_id.reset(token)


__all__ = ["HEADER", "RequestIdMiddleware", "configure", "formatted", "new_request_id", "redact_query", "request_id"]
