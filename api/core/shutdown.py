"""Telling the app that its process is stopping. uvicorn, on SIGTERM or Ctrl-C, stops accepting and waits for the
requests in progress (up to API_SHUTDOWN_SECONDS) before it runs the app's shutdown; an open notification stream
is such a request and would hold the stop until then. `on_stop_signal` chains a callback after the server's own
signal handler, so the app ends its streams at once and the stop completes in moments."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
SIGNALS = (signal.SIGINT, signal.SIGTERM)


def on_stop_signal(callback: Callable[[], None]) -> Callable[[], None]:
    """Run `callback` on the running loop when the process gets SIGINT or SIGTERM, after the handler already
    installed (the server's). Returns what undoes it. Outside the main thread (a test client's app) signals are
    not ours to catch: nothing is installed."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    previous: dict[int, Any] = {sig: signal.getsignal(sig) for sig in SIGNALS}

    def handler(sig: int, frame: Any) -> None:
        chained = previous.get(sig)
        if callable(chained):
            chained(sig, frame)
        loop.call_soon_threadsafe(callback)

    for sig in SIGNALS:
        signal.signal(sig, handler)

    def undo() -> None:
        for sig, chained in previous.items():
            if signal.getsignal(sig) is handler:
                signal.signal(sig, chained)

    return undo
