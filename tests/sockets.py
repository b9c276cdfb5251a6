"""The realtime channel from a test: a WebSocket to /api/realtime that has signed in (api/realtime/socket.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def socket_url(base_url: str) -> str:
    return base_url.replace("http://", "ws://").replace("https://", "wss://") + "/api/realtime"


def receive(ws: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))  # type: ignore[no-any-return]


def send(ws: ClientConnection, event: str, **data: Any) -> None:
    ws.send(json.dumps({"event": event, **data}))


@contextmanager
def signed_in(base_url: str, token: str, **login: Any) -> Iterator[ClientConnection]:
    """A connection that has signed in with the access token and read its `ready` (it hears its user's
    notifications from then on)."""
    with connect(socket_url(base_url), open_timeout=10) as ws:
        send(ws, "login", token=token, **login)
        ready = receive(ws)
        assert ready["event"] == "ready", ready
        yield ws


def next_event(ws: ClientConnection, timeout: float = 10.0) -> str:
    """The name of the connection's next message; "closed" once the server has closed it."""
    try:
        return str(receive(ws, timeout)["event"])
    except ConnectionClosed:
        return "closed"


def close_code(ws: ClientConnection, timeout: float = 10.0) -> int | None:
    """Read until the server closes the connection; its close code."""
    try:
        while True:
            ws.recv(timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
