"""Bounded connections (issue 32, point 8): what one client can hold of the API process before it sends a request.

uvicorn has no deadline of its own for a request's headers or body: a connection that sends half a request (the
headers unfinished, or fewer body bytes than its Content-Length) stays open until the client lets go, and any
number of them can. The API's HTTP protocol is uvicorn's httptools one (pinned here, what uvicorn's "auto" chose)
with three bounds, from the settings:

- the headers of a request must all arrive within API_HEADER_TIMEOUT_SECONDS of its first byte (of the connection's
  opening, for the first request) and come to at most MAX_HEADER_BYTES;
- a body must not stall: API_BODY_TIMEOUT_SECONDS without a byte of it closes the connection. Only the client's
  silence counts: not while the server has stopped reading (the app has not taken what came, or a pipelined request
  waits its turn), nor while the client waits for a `100 Continue`; a slow upload that keeps moving passes;
- at most API_MAX_CONNECTIONS_PER_ADDRESS connections from one peer address at once (0: no cap), its realtime
  WebSockets included; one more is answered 429 with Retry-After and closed.

A request cut short is answered 408 (431 for headers too large) in the app's error shape where HTTP still allows an
answer, that is when no response is being written on the connection; a connection that never sent a byte, or whose
answer has begun, is closed. Between requests uvicorn's own keep-alive timeout (5 s) closes an idle connection.

The address is the TCP peer's, not X-Forwarded-For: behind a proxy every caller shares the proxy's address, so a
cap there bounds the proxy's fan-in, not any one caller: the per-caller limits are the proxy's (deploy/nginx.conf,
and docker-compose.yml turns this cap off; README "Bounded connections"). Written against uvicorn 0.54's httptools
protocol; tests/integration/test_connections.py notices if the internals it builds on move.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, ClassVar, Literal

from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from api.core.config import Settings
from api.core.metrics import HTTP_CONNECTIONS_CLOSED

log = logging.getLogger(__name__)

MAX_HEADER_BYTES = 64 * 1024  # a request line and headers past this are answered 431 (nginx's default is 32 KB)
RETRY_AFTER_SECONDS = 1  # what a refused connection is told: a place frees as soon as one of its others closes
LINGER_SECONDS = 1.0  # a refused connection reads (and drops) what its client sends this long at most, so the
# client reads the 429 instead of a reset; it closes at once when the client does
WARN_EVERY_SECONDS = 60.0  # one warning per address this often, however many of its connections are refused

Reading = Literal["headers", "body", "idle", "upgraded"]


@dataclass
class Bounds:
    """The limits of one API process, and the connections it holds by peer address."""

    header_timeout: float
    body_timeout: float
    per_address: int  # 0: no cap
    open: dict[str, int] = field(default_factory=dict)
    _address_of: dict[asyncio.BaseTransport, str] = field(default_factory=dict)
    _warned: dict[str, float] = field(default_factory=dict)

    def admit(self, transport: asyncio.BaseTransport, address: str) -> bool:
        """Count the connection in, unless its address holds the most it may; False: refuse it."""
        held = self.open.get(address, 0)
        if self.per_address and held >= self.per_address:
            return False
        self.open[address] = held + 1
        self._address_of[transport] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """Count a closed connection out (once, whichever protocol holds its transport by then)."""
        address = self._address_of.pop(transport, None)
        if address is None:
            return
        left = self.open[address] - 1
        if left:
            self.open[address] = left
        else:
            del self.open[address]

    def warn_refused(self, address: str, now: float) -> None:
        if now - self._warned.get(address, -WARN_EVERY_SECONDS) >= WARN_EVERY_SECONDS:
            self._warned[address] = now
            log.warning("refusing connections from %s: it holds %d (API_MAX_CONNECTIONS_PER_ADDRESS)", address,
                        self.per_address)


def protocols(settings: Settings) -> dict[str, Any]:
    """uvicorn's `http` and `ws` protocol classes for these settings (`uvicorn.run(..., **protocols(settings))`),
    sharing one count of connections by address."""
    bounds = Bounds(header_timeout=settings.api_header_timeout_seconds,
                    body_timeout=settings.api_body_timeout_seconds,
                    per_address=settings.api_max_connections_per_address)

    class Http(BoundedHttpProtocol):
        pass

    class WebSocket(BoundedWebSocketProtocol):
        pass

    Http.bounds = WebSocket.bounds = bounds
    return {"http": Http, "ws": WebSocket}


def answer(status: int, message: str, kind: str, headers: list[tuple[bytes, bytes]]) -> bytes:
    """A whole response that ends the connection, in the app's error shape ({"messages": [...], "type": ...})."""
    body = json.dumps({"messages": [message], "type": kind}).encode()
    lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(),
             *(name + b": " + value for name, value in headers),
             b"content-type: application/json", b"content-length: %d" % len(body), b"connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class _Flow(FlowControl):
    """uvicorn's flow control, telling the protocol when reading pauses or resumes (the body clock stops with it)."""

    def __init__(self, transport: asyncio.Transport, changed: Callable[[], None]) -> None:
        super().__init__(transport)
        self._changed = changed

    def pause_reading(self) -> None:
        super().pause_reading()
        self._changed()

    def resume_reading(self) -> None:
        super().resume_reading()  # also called by the app's every receive(): a resumed clock restarts
        self._changed()


class BoundedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header deadline, a body inactivity timeout and the per-address cap."""

    bounds: ClassVar[Bounds]

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.reading: Reading = "idle"  # what the connection waits for from its client
        self.timer: asyncio.TimerHandle | None = None
        self.heard = False  # a byte has come on this connection
        self.header_bytes = 0  # of the request whose headers are coming
        self.body_heard_at = 0.0  # the loop's time of the body's last byte (or of the clock's restart)
        self.refused = False

    # the connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = get_remote_addr(transport)
        address = peer[0] if peer else ""
        if not self.bounds.admit(transport, address):
            self._refuse(transport, address)
            return
        super().connection_made(transport)
        self.flow = _Flow(transport, self._flow_changed)
        self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        if self.refused:
            return
        self.bounds.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return  # dropped: the 429 is on its way and the connection closes
        self.heard = True
        if self.reading == "idle":  # the next request begins (or bytes that are none: its deadline holds them too)
            self._await_headers()
        if self.reading == "headers":
            self.header_bytes += len(data)
        elif self.reading == "body":
            self.body_heard_at = self.loop.time()
            self._run_body_clock()
        super().data_received(data)
        if self.reading == "headers" and self.header_bytes > MAX_HEADER_BYTES and not self.transport.is_closing():
            self._cut_short("headers_too_large", 431, "The request's headers are too large.",
                            "RequestHeaderFieldsTooLarge")

    def handle_websocket_upgrade(self) -> None:
        self._stop_clock()
        self.reading = "upgraded"  # the WebSocket protocol has the transport now, and releases it when it closes
        super().handle_websocket_upgrade()

    # the parser's callbacks

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.reading == "idle":  # pipelined: it began in the bytes that ended the one before
            self._await_headers()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._stop_clock()
        self.reading = "body"
        self.body_heard_at = self.loop.time()
        self._run_body_clock()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._stop_clock()
        self.reading = "idle"

    # the clocks

    def _await_headers(self) -> None:
        self._stop_clock()
        self.reading = "headers"
        self.header_bytes = 0
        self.timer = self.loop.call_later(self.bounds.header_timeout, self._expired)

    def _body_clock_runs(self) -> bool:
        """Whether a stalled body is the client's doing: reading on, and no `100 Continue` still owed to it."""
        cycle = self.cycle
        owed = cycle is not None and cycle.waiting_for_100_continue and not cycle.response_started
        return self.reading == "body" and not self.flow.read_paused and not owed

    def _run_body_clock(self) -> None:
        if self.timer is None and self._body_clock_runs():
            self.timer = self.loop.call_later(self.bounds.body_timeout, self._expired)

    def _flow_changed(self) -> None:
        if self.reading != "body":
            return
        if self._body_clock_runs():
            self.body_heard_at = self.loop.time()  # the clock starts again where the server let the client go on
            self._run_body_clock()
        else:
            self._stop_clock()

    def _stop_clock(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expired(self) -> None:
        self.timer = None
        if self.transport.is_closing():
            return
        if self.reading == "body":
            # the body clock is reset lazily: each byte moves body_heard_at, the timer looks when it is due
            due = self.body_heard_at + self.bounds.body_timeout
            if self.loop.time() < due:
                self.timer = self.loop.call_at(due, self._expired)
                return
            self._cut_short("body_timeout", 408, "The request's body stopped arriving.", "RequestTimeout")
        elif self.reading == "headers":
            if not self.heard:  # an opened connection that never spoke: nothing to answer (a keep-alive's end)
                HTTP_CONNECTIONS_CLOSED.labels(reason="header_timeout").inc()
                self.transport.close()
                return
            self._cut_short("header_timeout", 408, "The request's headers did not arrive in time.", "RequestTimeout")

    def _cut_short(self, reason: str, status: int, message: str, kind: str) -> None:
        """Answer `status` if nothing is being answered on the connection, and close it."""
        HTTP_CONNECTIONS_CLOSED.labels(reason=reason).inc()
        log.debug("closing a connection from %s: %s", self.client, reason)
        cycle = self.cycle
        if self.reading == "body":  # the cycle is this request's own: it must not be answered twice
            queued = any(waiting is cycle for waiting, _ in self.pipeline)
            free = not cycle.response_started and not queued
            cycle.disconnected = True  # the app, if it waits for the body, hears a disconnect and writes nothing
            cycle.message_event.set()
        else:  # the headers of a next request: the one before must have been answered whole
            free = cycle is None or cycle.response_complete
        if free:
            self.transport.write(answer(status, message, kind, self.server_state.default_headers))
        self.transport.close()

    # a refused connection

    def _refuse(self, transport: asyncio.Transport, address: str) -> None:
        """Answer 429 at once, stop writing, read (and drop) what comes until the client closes or a second has
        passed: closing with its request unread would reset the connection before the client reads the answer."""
        self.refused = True
        self.transport = transport
        HTTP_CONNECTIONS_CLOSED.labels(reason="address_limit").inc()
        self.bounds.warn_refused(address, self.loop.time())
        headers = [*self.server_state.default_headers, (b"retry-after", str(RETRY_AFTER_SECONDS).encode())]
        transport.write(answer(429, "Too many connections from your address. Try again in a moment.",
                               "TooManyRequests", headers))
        if transport.can_write_eof():
            transport.write_eof()
            self.timer = self.loop.call_later(min(LINGER_SECONDS, self.bounds.header_timeout), transport.close)
        else:
            transport.close()


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O: what "auto" chose), counting its connection out when it
    closes: the HTTP protocol that upgraded to it counted it in."""

    bounds: ClassVar[Bounds]

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.bounds.release(self.transport)
