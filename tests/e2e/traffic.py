"""What a failed journey's report shows besides its screenshot: the API calls of every browser it opened (each person's
context: sent, answered, failed, still waiting) and what the live server logged meanwhile, so that a failure seen
once on a busy CI machine says whether the click reached the server and what the server did with it."""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Request, Response

CALLS = 40  # the last calls kept of each browser
LOG_LINES = 60  # the last lines of the server's log shown
LOG_BYTES = 64 * 1024  # read at most this much of the log's end


class Calls:
    """One browser context's calls to the API, from its opening (every page of it, popups included)."""

    def __init__(self, context: BrowserContext, started: float) -> None:
        self.started = started
        self.calls: deque[str] = deque(maxlen=CALLS)
        self.waiting: dict[Request, str] = {}
        context.on("request", self._sent)
        context.on("response", self._answered)
        context.on("requestfailed", self._failed)

    def _name(self, request: Request) -> str | None:
        path = urlsplit(request.url).path
        return f"{request.method} {path}" if path.startswith("/api/") else None

    def _at(self) -> str:
        return f"{time.monotonic() - self.started:7.2f} s"

    def _sent(self, request: Request) -> None:
        if name := self._name(request):
            self.waiting[request] = name
            self.calls.append(f"{self._at()}  {name}  sent")

    def _answered(self, response: Response) -> None:
        if name := self.waiting.pop(response.request, None):
            self.calls.append(f"{self._at()}  {name}  {response.status}")

    def _failed(self, request: Request) -> None:
        if name := self.waiting.pop(request, None):
            self.calls.append(f"{self._at()}  {name}  failed: {request.failure}")

    def lines(self) -> list[str]:
        return [*self.calls, *(f"{name}  no answer yet" for name in self.waiting.values())] or ["(no API call)"]


class Traffic:
    """One test's browsers (in the order it opened them) and where the server's log stood when it opened the first."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.browsers: list[Calls] = []
        self.log: Path | None = None
        self.offset = 0

    def watch(self, context: BrowserContext, log: Path | None) -> None:
        if self.log is None and log is not None:
            self.log, self.offset = log, log.stat().st_size if log.exists() else 0
        self.browsers.append(Calls(context, self.started))

    def _server_log(self) -> list[str]:
        if self.log is None or not self.log.exists():
            return ["(no server log)"]
        with self.log.open("rb") as log:
            size = log.seek(0, 2)
            log.seek(max(self.offset, size - LOG_BYTES))
            lines = log.read().decode(errors="replace").splitlines()
        return lines[-LOG_LINES:] or ["(nothing logged during the test)"]

    def report(self) -> str:
        told = []
        for number, browser in enumerate(self.browsers, 1):
            told += [f"browser {number}'s API calls (seconds since the test began):", *browser.lines()]
        return "\n".join([*told, f"the server's log during the test ({self.log}):", *self._server_log()])
