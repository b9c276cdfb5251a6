"""Bounded connections (issue 32, point 8; api/core/connections.py), against `python -m api.serve` in its own
database: half-sent requests (headers unfinished, a body promised and not sent) are answered 408 and closed once
their deadline passes, however many there are; a body that keeps moving is taken however long it takes; one address
holds at most API_MAX_CONNECTIONS_PER_ADDRESS connections (its realtime WebSockets too) and gets 429 beyond that,
until one of them closes; keep-alive and pipelining work as before.

Each test speaks from its own loopback address (127.0.0.x: Linux routes the whole 127/8 to this host), so no test
meets another's connections in the per-address count."""

from __future__ import annotations

import http.client
import io
import json
import os
import re
import select
import selectors
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from PIL import Image
from websockets.sync.client import connect as ws_connect

from tests.conftest import DEMO_PASSWORD, Services
from tests.live import ApiProcess, api_processes

TIMEOUT = 1.0  # API_HEADER_TIMEOUT_SECONDS and API_BODY_TIMEOUT_SECONDS of the bounded server
SLACK = 4.0  # how much later than its deadline a connection may close on a busy two-core machine
CAP = 50  # the settings' default API_MAX_CONNECTIONS_PER_ADDRESS, which the bounded server keeps

HALF_HEADERS = b"GET /api/health HTTP/1.1\r\nHost: crm\r\nAccept: application/json\r\nX-Slow: "
HALF_BODY = (b"POST /api/auth/login HTTP/1.1\r\nHost: crm\r\nContent-Type: application/json\r\n"
             b"Content-Length: 1000\r\n\r\n{\"username\": \"sal")
HEALTH = b"GET /api/health HTTP/1.1\r\nHost: crm\r\n\r\n"


@pytest.fixture(scope="module")
def bounded(services: Services) -> Iterator[ApiProcess]:
    """The API with one-second header and body deadlines and the default cap per address."""
    with api_processes(services, "connections", 1, redis_db=5, API_HEADER_TIMEOUT_SECONDS=str(TIMEOUT),
                       API_BODY_TIMEOUT_SECONDS=str(TIMEOUT)) as [api]:
        yield api


@pytest.fixture(scope="module")
def capped(services: Services) -> Iterator[ApiProcess]:
    """The API with a cap of 3 connections per address and deadlines long enough for a test to hold silent ones."""
    with api_processes(services, "connections_cap", 1, redis_db=6, API_MAX_CONNECTIONS_PER_ADDRESS="3",
                       API_HEADER_TIMEOUT_SECONDS="60", API_BODY_TIMEOUT_SECONDS="60") as [api]:
        yield api


def port_of(api: ApiProcess) -> int:
    return int(api.url.rsplit(":", 1)[1])


def open_from(source: str, api: ApiProcess, sent: bytes = b"") -> socket.socket:
    """A connection from `source` (a loopback address) that has sent `sent`."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port_of(api)))
    if sent:
        sock.sendall(sent)
    return sock


@dataclass
class Ending:
    """How the server ended one connection: after how many seconds (from its opening), with which bytes."""

    after: float
    answer: bytes

    @property
    def status(self) -> int | None:
        return int(self.answer.split(b" ", 2)[1]) if self.answer.startswith(b"HTTP/1.1 ") else None


def endings(opened: list[tuple[socket.socket, float]], within: float) -> list[Ending | None]:
    """Read every connection until the server closes it, all at once; None for those still open after `within`."""
    selector = selectors.DefaultSelector()
    answers: dict[socket.socket, bytes] = {}
    for sock, _ in opened:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        answers[sock] = b""
    ended: dict[socket.socket, float] = {}
    deadline = time.monotonic() + within
    while selector.get_map() and time.monotonic() < deadline:
        for key, _ in selector.select(0.1):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                data = b""
            answers[sock] += data
            if not data:
                ended[sock] = time.monotonic()
                selector.unregister(sock)
    selector.close()
    for sock, _ in opened:
        sock.close()
    return [Ending(ended[sock] - at, answers[sock]) if sock in ended else None for sock, at in opened]


def answer_of(sock: socket.socket, within: float = 10.0) -> Ending:
    """The server's answer on one connection once it closes it."""
    [ending] = endings([(sock, time.monotonic())], within)
    assert ending is not None, "the server kept the connection open"
    return ending


def health_from(source: str, api: ApiProcess) -> Ending:
    """GET /api/health from `source` on a connection of its own, answered and closed."""
    sock = open_from(source, api, HEALTH.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
    return answer_of(sock)


def eventually(condition: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not {what} within {timeout} s"
        time.sleep(0.05)


class TestHalfSentRequests:
    def test_a_flood_from_one_address_is_capped_at_once_and_the_rest_closed_at_the_deadline(
            self, bounded: ApiProcess) -> None:
        """The attack as it was found: 300 connections from one address, each with half a request."""
        opened = [(open_from("127.0.0.11", bounded, HALF_HEADERS if i % 2 else HALF_BODY), time.monotonic())
                  for i in range(300)]
        ended = endings(opened, TIMEOUT + SLACK + 5)

        assert None not in ended, f"{ended.count(None)} connections still open"
        refused = [e for e in ended if e is not None and e.status == 429]
        timed_out = [e for e in ended if e is not None and e.status == 408]
        assert len(timed_out) == CAP and len(refused) == 300 - CAP
        assert all(b"\r\nretry-after: 1\r\n" in e.answer for e in refused)
        assert max(e.after for e in refused) < SLACK  # at once, not after any deadline
        assert min(e.after for e in timed_out) >= TIMEOUT * 0.9
        assert max(e.after for e in timed_out) <= TIMEOUT + SLACK

    def test_three_hundred_from_six_addresses_are_all_closed_within_the_deadline(self, bounded: ApiProcess) -> None:
        """Under the cap everywhere: silent connections, unfinished headers and stalled bodies, 100 of each."""
        kinds = [b"", HALF_HEADERS, HALF_BODY]
        opened = [(open_from(f"127.0.0.{21 + i % 6}", bounded, kinds[i % 3]), time.monotonic()) for i in range(300)]
        ended = endings(opened, TIMEOUT + SLACK + 5)

        assert None not in ended, f"{ended.count(None)} connections still open"
        assert max(e.after for e in ended if e) <= TIMEOUT + SLACK
        assert min(e.after for e in ended if e) >= TIMEOUT * 0.9
        for i, ending in enumerate(ended):
            assert ending is not None
            if kinds[i % 3] == b"":  # it never spoke: closed without a word, as a keep-alive ends
                assert ending.answer == b""
            else:
                assert ending.status == 408, ending.answer[:200]
                body = json.loads(ending.answer.split(b"\r\n\r\n", 1)[1])
                assert body["type"] == "RequestTimeout" and body["messages"]

    def test_a_body_that_stalls_is_closed_its_deadline_after_its_last_byte(self, bounded: ApiProcess) -> None:
        """The body deadline is on silence, not on the whole body: moving for twice the deadline, then stalled."""
        sock = open_from("127.0.0.12", bounded, HALF_BODY)
        for _ in range(8):
            time.sleep(TIMEOUT / 4)  # the client's pace: a byte every quarter of the deadline
            sock.sendall(b"x")
        last_byte = time.monotonic()
        ending = answer_of(sock)
        closed_after_last_byte = time.monotonic() - last_byte
        assert ending.status == 408, ending.answer[:200]
        assert b"stopped arriving" in ending.answer
        assert TIMEOUT * 0.9 <= closed_after_last_byte <= TIMEOUT + SLACK

    def test_headers_that_keep_coming_past_their_deadline_are_closed(self, bounded: ApiProcess) -> None:
        """Unlike a body's, the headers' deadline is on the whole: a header every quarter deadline does not extend
        it."""
        sock = open_from("127.0.0.13", bounded, HALF_HEADERS)
        opened = time.monotonic()
        while not select.select([sock], [], [], TIMEOUT / 4)[0]:  # until the server answers
            assert time.monotonic() - opened <= TIMEOUT + SLACK, "the headers' deadline did not end it"
            sock.sendall(b"x\r\nX-More: ")
        ending = answer_of(sock)
        assert ending.status == 408, ending.answer[:200]
        assert TIMEOUT * 0.9 <= time.monotonic() - opened <= TIMEOUT + SLACK

    def test_headers_past_64_kb_are_answered_431(self, bounded: ApiProcess) -> None:
        sock = open_from("127.0.0.14", bounded, HALF_HEADERS + b"a" * 70_000)
        ending = answer_of(sock)
        assert ending.status == 431, ending.answer[:200]
        assert ending.after < SLACK  # at once, not at the deadline


def picture(side: int) -> bytes:
    """A PNG of noise (incompressible: about 3 bytes a pixel)."""
    buffer = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(buffer, format="PNG")
    return buffer.getvalue()


def test_a_slow_upload_that_keeps_moving_is_taken(bounded: ApiProcess) -> None:
    """A 1 MB profile picture sent in 16 pieces a quarter of the body deadline apart: four deadlines in all."""
    login = http.client.HTTPConnection("127.0.0.1", port_of(bounded), timeout=30)
    login.request("POST", "/api/auth/login", json.dumps({"username": "sales1", "password": DEMO_PASSWORD}),
                  {"Content-Type": "application/json"})
    signed_in = login.getresponse()
    assert signed_in.status == 200
    token = json.loads(signed_in.read())["results"]["token"]
    login.close()

    boundary = "crm-slow-upload"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"me.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + picture(600) + f"\r\n--{boundary}--\r\n".encode()
    assert len(body) > 1_000_000
    pieces = 16
    size = -(-len(body) // pieces)

    def paced() -> Iterator[bytes]:
        for start in range(0, len(body), size):
            time.sleep(TIMEOUT / 4)  # the client's pace, which the test is about
            yield body[start:start + size]

    started = time.monotonic()
    upload = http.client.HTTPConnection("127.0.0.1", port_of(bounded), timeout=30)
    upload.request("POST", "/api/users/me/profile-picture", paced(),
                   {"Authorization": f"Bearer {token}", "Content-Length": str(len(body)),
                    "Content-Type": f"multipart/form-data; boundary={boundary}"})
    answered = upload.getresponse()
    took = time.monotonic() - started
    assert answered.status == 200, answered.read()[:300]
    assert json.loads(answered.read())["results"]["profilePicture"]
    upload.close()
    assert took >= 3 * TIMEOUT  # the upload outlasted the deadline three times over


def test_keep_alive_and_pipelining_work_as_before(bounded: ApiProcess) -> None:
    """A kept-alive connection idle longer than the header deadline (API_KEEP_ALIVE_SECONDS governs it) is reused;
    two requests in one write are both answered; a next request left unfinished gets its own 408."""
    conn = http.client.HTTPConnection("127.0.0.1", port_of(bounded), timeout=30)
    conn.request("GET", "/api/health")
    assert conn.getresponse().read() and conn.sock is not None
    local = conn.sock.getsockname()
    time.sleep(1.5 * TIMEOUT)  # idle past the header deadline, within the keep-alive: the scenario itself
    conn.request("GET", "/api/health")
    again = conn.getresponse()
    assert again.status == 200 and again.read()
    assert conn.sock is not None and conn.sock.getsockname() == local  # the same connection
    conn.close()

    sock = open_from("127.0.0.15", bounded, HEALTH + HEALTH)
    received = b""
    while received.count(b'{"status":"ok"}') < 2:  # both answers, whole
        chunk = sock.recv(65536)
        assert chunk, f"closed after {received!r}"
        received += chunk
    assert received.count(b"HTTP/1.1 200 OK") == 2
    sock.sendall(HALF_HEADERS)  # the third request of the connection, unfinished
    ending = answer_of(sock)
    assert ending.status == 408, ending.answer[:200]
    assert TIMEOUT * 0.9 <= ending.after <= TIMEOUT + SLACK


class TestConnectionsPerAddress:
    def test_one_more_than_the_cap_is_refused_until_one_closes(self, capped: ApiProcess) -> None:
        held = [open_from("127.0.0.31", capped) for _ in range(3)]
        try:
            refused = health_from("127.0.0.31", capped)
            assert refused.status == 429, refused.answer[:300]
            assert b"\r\nretry-after: 1\r\n" in refused.answer
            assert json.loads(refused.answer.split(b"\r\n\r\n", 1)[1])["type"] == "TooManyRequests"
            assert health_from("127.0.0.32", capped).status == 200  # another address is not affected
            metrics = http.client.HTTPConnection("127.0.0.1", port_of(capped), timeout=30,
                                                 source_address=("127.0.0.32", 0))
            metrics.request("GET", "/api/metrics")
            page = metrics.getresponse().read().decode()
            metrics.close()
            counted = re.search(r'^crm_http_connections_closed_total\{reason="address_limit"\} (\S+)$', page, re.M)
            assert counted and float(counted.group(1)) >= 1  # what an operator sees (README "Metrics")

            held.pop().close()
            eventually(lambda: health_from("127.0.0.31", capped).status == 200, "admitted once one closed")
        finally:
            for sock in held:
                sock.close()

    def test_a_realtime_connection_counts_and_frees_its_place_when_it_closes(self, capped: ApiProcess) -> None:
        url = capped.url.replace("http://", "ws://") + "/api/realtime"
        with ws_connect(url, sock=open_from("127.0.0.41", capped), open_timeout=10):
            held = [open_from("127.0.0.41", capped) for _ in range(2)]
            try:
                assert health_from("127.0.0.41", capped).status == 429  # the WebSocket holds the third place
            finally:
                for sock in held:
                    sock.close()
        held = [open_from("127.0.0.41", capped) for _ in range(2)]
        try:
            # the WebSocket and the two before these counted out (their closes reach the server a moment later)
            eventually(lambda: health_from("127.0.0.41", capped).status == 200, "the WebSocket counted out")
        finally:
            for sock in held:
                sock.close()
