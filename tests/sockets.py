"""The realtime channel from a test: a WebSocket to /api/realtime that has signed in (api/realtime/socket.py)."""

from __future__ import annotations

import json
import threading
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
def signed_in(base_url: str, token: str, *, beat: bool = True, **login: Any) -> Iterator[ClientConnection]:
    """A connection that has signed in with the access token and read its `ready` (it hears its user's
    notifications from then on). It sends `ping` every `heartbeatSeconds` while it is open, as the browser does
    whatever the page is doing, so a test that reads nothing for a while (on a busy machine, for seconds) keeps it;
    `beat=False` is a frozen browser, gone once PRESENCE_TTL_SECONDS pass."""
    with connect(socket_url(base_url), open_timeout=10) as ws:
        send(ws, "login", token=token, **login)
        ready = receive(ws)
        assert ready["event"] == "ready", ready
        if not beat:
            yield ws
            return
        with beating(ws, float(ready["heartbeatSeconds"])):
            yield ws


@contextmanager
def beating(ws: ClientConnection, every: float) -> Iterator[None]:
    """`ping` every `every` seconds from a thread of its own until the block ends or the connection closes (the
    sync client sends from one thread while another reads)."""
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(every):
            try:
                send(ws, "ping")
            except ConnectionClosed:
                return

    thread = threading.Thread(target=beat, name="realtime-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


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
