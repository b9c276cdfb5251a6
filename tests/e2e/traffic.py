"""What a failed journey's report shows besides its screenshot: the page's calls to the API (sent, answered, failed,
still waiting) and what the live server logged meanwhile, so that a failure seen once on a busy CI machine says
whether the click reached the server and what the server did with it."""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, Request, Response

CALLS = 40  # the last calls kept
LOG_LINES = 60  # the last lines of the server's log shown
LOG_BYTES = 64 * 1024  # read at most this much of the log's end


class Traffic:
    """Listens to one page's API calls from its opening, and remembers where the server's log stood then."""

    def __init__(self, page: Page, log: Path) -> None:
        self.started = time.monotonic()
        self.calls: deque[str] = deque(maxlen=CALLS)
        self.waiting: dict[Request, str] = {}
        self.log = log
        self.offset = log.stat().st_size if log.exists() else 0
        page.on("request", self._sent)
        page.on("response", self._answered)
        page.on("requestfailed", self._failed)

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

    def _server_log(self) -> list[str]:
        if not self.log.exists():
            return ["(no server log)"]
        with self.log.open("rb") as log:
            size = log.seek(0, 2)
            log.seek(max(self.offset, size - LOG_BYTES))
            lines = log.read().decode(errors="replace").splitlines()
        return lines[-LOG_LINES:] or ["(nothing logged during the test)"]

    def report(self) -> str:
        calls = list(self.calls) or ["(no API call)"]
        waiting = [f"{name}  no answer yet" for name in self.waiting.values()]
        return "\n".join(["the page's API calls (seconds since the page opened):", *calls, *waiting,
                          f"the server's log during the test ({self.log}):", *self._server_log()])
