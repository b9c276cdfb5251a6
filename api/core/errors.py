"""One error family and the handlers that turn it into {"messages": [...], "type": ...}."""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
import sqlalchemy.exc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)
DATA_REFUSED = "A value is out of range or not allowed for its field."
SERVER_ERROR = "Something went wrong, please try again later."  # what a 500 says (the cause is logged)
# a dependency that does not answer (a Redis or PostgreSQL outage, a restart, a full pool): 503 with Retry-After,
# nothing done; GET /api/ready says which one
RETRY_AFTER_SECONDS = 5
UNAVAILABLE = {
    "database": "The CRM's database did not answer. Try again in a few seconds.",
    "redis": "The CRM's session store did not answer. Try again in a few seconds.",
}
_REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
_DATABASE_DOWN = (sqlalchemy.exc.OperationalError, sqlalchemy.exc.InterfaceError, sqlalchemy.exc.TimeoutError)


def unavailable_dependency(exc: BaseException) -> str | None:
    """'redis' or 'database' when `exc` (or what caused it) says that dependency did not answer; else None."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, _REDIS_DOWN):
            return "redis"
        if isinstance(current, _DATABASE_DOWN) or (isinstance(current, sqlalchemy.exc.DBAPIError)
                                                   and current.connection_invalidated):
            return "database"
        current = current.__cause__ or current.__context__
    return None


class AppError(Exception):
    status = 400
    type = "BadRequest"

    def __init__(self, message: str | list[str], status: int | None = None, extra: dict[str, Any] | None = None):
        self.messages = [message] if isinstance(message, str) else list(message)
        if status is not None:
            self.status = status
        self.extra = extra or {}
        super().__init__("; ".join(self.messages))


class BadRequest(AppError):
    status = 400
    type = "BadRequest"


class Unauthorized(AppError):
    status = 401
    type = "Unauthorized"


class DeviceVerificationRequired(AppError):
    """The password was right, but this device must be confirmed with a code mailed to the user first (README
    "Sign-in protection"): the body carries the challenge to answer with the code."""

    status = 401
    type = "DeviceVerificationRequired"


class SecondFactorRequired(AppError):
    """The password was right and the user confirms sign-ins with a second factor (README "Second factor"): the body
    carries the challenge to answer with an authenticator code or a recovery code."""

    status = 401
    type = "SecondFactorRequired"


class SecondFactorEnrolmentRequired(AppError):
    """The password was right, but the user's role requires a second factor they have not set up: the body carries an
    enrolment-only challenge with the new secret, its otpauth URI and QR code."""

    status = 401
    type = "SecondFactorEnrolmentRequired"


class Forbidden(AppError):
    status = 403
    type = "Forbidden"


class NotFound(AppError):
    status = 404
    type = "NotFound"


class Conflict(AppError):
    status = 409
    type = "Conflict"


class RequestPending(AppError):
    """The lead waits for an approval request: nothing else may change its stage or status meanwhile."""

    status = 409
    type = "RequestPending"


class InvalidTransition(AppError):
    status = 409
    type = "InvalidTransition"


class ValidationFailed(AppError):
    status = 422
    type = "ValidationFailed"


class TooManyRequests(AppError):
    status = 429
    type = "TooManyRequests"


class PayloadTooLarge(AppError):
    status = 413
    type = "PayloadTooLarge"


class BadGateway(AppError):
    """A service the API calls for the user (the place search's provider) failed or answered nonsense."""

    status = 502
    type = "BadGateway"


class ServiceUnavailable(AppError):
    """A feature that is switched off in this deployment (place search without a provider)."""

    status = 503
    type = "ServiceUnavailable"


_STATUS_TYPES = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound",
                 405: "MethodNotAllowed", 409: "Conflict", 413: "PayloadTooLarge", 422: "ValidationFailed",
                 429: "TooManyRequests"}


def _body(messages: list[str], type_: str, **extra: object) -> dict[str, object]:
    return {"messages": messages, "type": type_, **extra}


def _validation_message(err: dict[str, object]) -> str:
    raw_loc: Any = err.get("loc", ())
    loc = [str(p) for p in raw_loc if p not in ("body", "query", "path")]
    msg = str(err.get("msg", "Invalid value"))
    msg = msg.removeprefix("Value error, ")
    return f"{'.'.join(loc)}: {msg}" if loc and err.get("type") != "value_error" else msg


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def app_error(_: Request, exc: AppError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else {}
        if "retryAfter" in exc.extra:  # a 429's wait, in the body for the front end and as the standard header
            headers["Retry-After"] = str(exc.extra["retryAfter"])
        return JSONResponse(_body(exc.messages, exc.type, **exc.extra), status_code=exc.status,
                            headers=headers or None)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        messages = [_validation_message(e) for e in errors] or ["Invalid request"]
        # field errors for forms, without the validator's internals (its type codes, input echo, urls)
        fields = [{"field": ".".join(str(p) for p in e.get("loc", ()) if p not in ("body", "query", "path")),
                   "message": str(e.get("msg", "Invalid value")).removeprefix("Value error, ")} for e in errors]
        return JSONResponse(_body(messages, "ValidationFailed", fields=fields), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "Request failed"
        return JSONResponse(_body([message], _STATUS_TYPES.get(exc.status_code, "Error")),
                            status_code=exc.status_code, headers=getattr(exc, "headers", None))

    @app.exception_handler(DataError)
    async def data_error(_: Request, exc: DataError) -> JSONResponse:
        # The last line behind api/core/inputs.py: a value the database cannot hold (a number out of its column's
        # range, text it cannot store) is the request's fault, never a 500. Logged so the missing bound is fixed.
        log.warning("refused a value the database cannot hold: %s", str(exc.orig).splitlines()[0] if exc.orig else exc)
        return JSONResponse(_body([DATA_REFUSED], "ValidationFailed"), status_code=422)

    async def unavailable(_: Request, exc: Exception) -> JSONResponse:
        which = unavailable_dependency(exc) or "database"
        log.warning("answered 503: the %s did not answer (%s: %s)", which, type(exc).__name__,
                    str(exc).splitlines()[0] if str(exc) else "")
        return JSONResponse(_body([UNAVAILABLE[which]], "Unavailable", dependency=which), status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"})

    for kind in (*_REDIS_DOWN, *_DATABASE_DOWN):
        app.add_exception_handler(kind, unavailable)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        if unavailable_dependency(exc):  # raised outside a route (a middleware), or wrapped in another error
            return await unavailable(request, exc)
        log.exception("unhandled error", exc_info=exc)
        return JSONResponse(_body([SERVER_ERROR], "ServerError"),
                            status_code=500)
