"""Presence over the realtime channel with several API processes on one database and Redis (issue 21): a browser
on one process, a monitor on another, updateClients crossing between them; two tabs counted once; a frozen browser
and a killed API process leaving no ghost once their heartbeat expires; who may watch and whom they see: their whole
team, online, away or offline, with when each was last seen (issue 33)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from api.auth.cookie import CSRF_HEADER
from api.seed import DEMO_PASSWORD
from tests import sockets
from tests.conftest import Services
from tests.live import ApiProcess, api_processes
from tests.sockets import receive, socket_url

TTL = 3.0  # PRESENCE_TTL_SECONDS of these processes: a silent connection is gone after 3 s


@pytest.fixture(scope="module")
def processes(services: Services) -> Iterator[list[ApiProcess]]:
    """Three API processes: A for the browsers, B for the monitors, C to be killed."""
    with api_processes(services, "presence", 3, redis_db=4, PRESENCE_TTL_SECONDS=str(TTL),
                       LOGIN_ADDRESS_MAX_FAILURES="100000") as started:
        yield started


def token(process: ApiProcess, username: str) -> str:
    r = httpx.post(f"{process.url}/api/auth/login", json={"username": username, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    return r.json()["results"]["token"]  # type: ignore[no-any-return]


@contextmanager
def signed_in(process: ApiProcess, user_token: str, **login: Any) -> Iterator[ClientConnection]:
    """A realtime connection that has signed in (its `ready` read)."""
    with sockets.signed_in(process.url, user_token, **login) as ws:
        yield ws


def team(process: ApiProcess, user_token: str, **params: str) -> dict[str, dict[str, Any]]:
    """Sales monitoring's list, by name, in its order."""
    r = httpx.get(f"{process.url}/api/sales-monitoring", params=params,
                  headers={"Authorization": f"Bearer {user_token}"})
    assert r.status_code == 200, r.text
    return {row["name"]: row for row in r.json()["results"]}


def online(process: ApiProcess, user_token: str, **params: str) -> dict[str, dict[str, Any]]:
    """Who of the list is connected now (online or away)."""
    return {name: row for name, row in team(process, user_token, **params).items() if row["status"] != "Offline"}


def next_update(ws: ClientConnection, timeout: float = 10.0) -> None:
    """Wait for the watcher's next updateClients (pings answered on the way)."""
    end = time.monotonic() + timeout
    while True:
        message = receive(ws, max(0.1, end - time.monotonic()))
        if message["event"] == "updateClients":
            return


def eventually(condition: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"still not true after {timeout:.0f} s: {what}")
        time.sleep(0.1)


@contextmanager
def watching(process: ApiProcess, user_token: str) -> Iterator[ClientConnection]:
    with signed_in(process, user_token) as ws:
        ws.send(json.dumps({"event": "watch", "topic": "presence"}))
        next_update(ws)  # the first one says: read the list now
        yield ws


SALES1, SALES2 = "Andi Pratama", "Dewi Anggraini"  # the demo's sales1 and sales2, of tl1's team
TL1, TL2, SALES4 = "Budi Santoso", "Sari Lestari", "Putri Maharani"  # tl1, tl2 and one of tl2's team


def test_presence_crosses_processes_and_two_tabs_are_one_person(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    tl, s1 = token(b, "tl1"), token(a, "sales1")
    with watching(b, tl) as monitor:
        assert SALES1 not in online(b, tl)
        with signed_in(a, s1) as tab1:
            next_update(monitor)  # published by A, heard on B
            first = online(b, tl)[SALES1]
            assert (first["status"], first["isLoggedIn"], first["tabs"], first["devices"]) == ("Online", True, 1, 0)
            with signed_in(a, s1) as tab2:
                next_update(monitor)
                both = online(b, tl)
                assert list(both).count(SALES1) == 1 and both[SALES1]["tabs"] == 2
                assert both[SALES1]["connectedAt"] == first["connectedAt"]  # online since the first tab
                tab2.send(json.dumps({"event": "visibility", "visible": False}))
                next_update(monitor)
                assert online(b, tl)[SALES1]["status"] == "Online"  # tab1 is still in front
                tab1.send(json.dumps({"event": "visibility", "visible": False}))
                next_update(monitor)
                assert online(b, tl)[SALES1]["status"] == "Away"
            next_update(monitor)
            still = online(b, tl)[SALES1]
            assert still["tabs"] == 1 and still["connectedAt"] == first["connectedAt"]
        next_update(monitor)
        assert SALES1 not in online(b, tl)


def test_a_frozen_browser_goes_once_its_heartbeat_expires(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    tl, s1 = token(b, "tl1"), token(a, "sales1")
    with watching(b, tl) as monitor, signed_in(a, s1, beat=False) as frozen:
        next_update(monitor)
        assert SALES1 in online(b, tl)
        started = time.monotonic()
        # it sends nothing more: the server closes it after PRESENCE_TTL_SECONDS and it leaves
        with pytest.raises(ConnectionClosed):
            while True:
                frozen.recv(timeout=TTL * 4)
        assert time.monotonic() - started >= TTL * 0.8
        eventually(lambda: SALES1 not in online(b, tl), "the frozen browser left")


def test_a_browser_that_beats_stays_while_nothing_else_happens(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    tl, s1 = token(b, "tl1"), token(a, "sales1")
    with signed_in(a, s1) as tab:  # pings every heartbeatSeconds, and nothing else
        time.sleep(TTL * 1.5)
        assert SALES1 in online(b, tl)
        tab.send(json.dumps({"event": "visibility", "visible": True}))
        eventually(lambda: online(b, tl)[SALES1]["status"] == "Online", "still online")


def test_a_killed_api_process_leaves_no_ghost(processes: list[ApiProcess]) -> None:
    a, b, c = processes
    tl, s2 = token(b, "tl1"), token(a, "sales2")
    with watching(b, tl) as monitor:
        with signed_in(c, s2) as ws:
            next_update(monitor)
            assert SALES2 in online(b, tl)
            os.kill(c.process.pid, signal.SIGKILL)  # no goodbye to Redis: its connections expire instead
            c.process.wait(10)
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
            assert SALES2 in online(b, tl)  # not at once: its expiry has not passed
            # the monitor's own process sweeps it once its TTL has passed, and tells the monitor
            end = time.monotonic() + TTL * 4
            while SALES2 in online(b, tl):
                assert time.monotonic() < end, "the killed process's connection is still online"
                time.sleep(0.3)  # the monitor beats meanwhile (tests/sockets.py)
        next_update(monitor)


def test_who_may_watch_and_whom_they_see(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    s1, tl1, tl2, top = (token(a, u) for u in ("sales1", "tl1", "tl2", "topmanager"))
    r = httpx.get(f"{a.url}/api/sales-monitoring", headers={"Authorization": f"Bearer {s1}"})
    assert r.status_code == 403
    assert httpx.get(f"{a.url}/api/sales-monitoring").status_code == 401
    with signed_in(a, s1) as ws:
        ws.send(json.dumps({"event": "watch", "topic": "presence"}))
        assert receive(ws) == {"event": "error", "message": "You may not watch who is online."}
        eventually(lambda: SALES1 in online(b, tl1), "sales1 online for tl1")
        assert SALES1 not in online(b, tl2)  # another team's leader does not see them
        assert SALES1 in online(b, top)  # top management sees everybody
        assert SALES1 in online(b, top, search="pratama") and SALES1 not in online(b, top, search="zzz")


def test_the_whole_team_is_listed_online_or_not_with_when_each_was_last_seen(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    tl1, top, s2 = token(b, "tl1"), token(b, "topmanager"), token(a, "sales2")
    before = team(b, tl1)
    # tl1's team: their three sales people, whether connected or not (not tl1 themselves, nor another team)
    assert {SALES1, SALES2, "Rizky Hidayat"} == set(before)
    assert TL2 not in before and SALES4 not in before
    assert all(row["roleName"] == "Sales Executive" for row in before.values())
    # top management: every team leader and sales person (not the approvers nor the administrator)
    everyone = team(b, top)
    assert {TL1, TL2, SALES1, SALES4} <= set(everyone) and "Adi Nugroho" not in everyone
    assert not any("Approver" in row["roleName"] for row in everyone.values())

    with signed_in(a, s2):
        eventually(lambda: team(b, tl1)[SALES2]["status"] == "Online", "sales2 online")
        listed = team(b, tl1)
        assert next(iter(listed)) == SALES2  # the connected first
        assert listed[SALES1]["status"] == "Offline" and listed[SALES1]["isLoggedIn"] is False
        assert listed[SALES1]["connectedAt"] is None and listed[SALES1]["tabs"] == 0
    eventually(lambda: team(b, tl1)[SALES2]["status"] == "Offline", "sales2 offline")
    gone = team(b, tl1)[SALES2]
    # the last-seen time outlives the connection: it is the moment it closed, after any earlier sign-in
    assert gone["lastSeenAt"] is not None and gone["connectedAt"] is None
    assert datetime.fromisoformat(gone["lastSeenAt"]) >= datetime.fromisoformat(listed[SALES2]["connectedAt"])
    assert next(iter(team(b, tl1))) == SALES2  # the most recently seen first among those offline
    assert team(b, tl1, search="hidayat").keys() == {"Rizky Hidayat"}


def test_signing_in_on_the_channel(processes: list[ApiProcess]) -> None:
    a = processes[0]
    url = socket_url(a.url)
    with connect(url) as ws:
        ws.send(json.dumps({"event": "login", "token": token(a, "sales1")}))
        ready = receive(ws)
        assert ready["event"] == "ready" and ready["heartbeatSeconds"] == pytest.approx(TTL / 3)
    with connect(url) as ws:
        ws.send(json.dumps({"event": "login", "token": "not-a-token"}))
        assert receive(ws)["event"] == "error"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with connect(url) as ws:
        ws.send(json.dumps({"event": "watch", "topic": "presence"}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with sockets.signed_in(a.url, token(a, "sales1")) as ws:  # a flood is closed, not served
        with contextlib.suppress(ConnectionClosed):  # the server may close it before the last ones go
            for _ in range(50):
                ws.send(json.dumps({"event": "visibility", "visible": True}))
        assert sockets.close_code(ws) == 1008
    with connect(url) as ws:
        ws.send("{not json")
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


def test_a_session_ended_elsewhere_closes_its_connection(processes: list[ApiProcess]) -> None:
    a, b, _ = processes
    s1, tl = token(a, "sales1"), token(b, "tl1")
    with signed_in(a, s1) as ws:
        eventually(lambda: SALES1 in online(b, tl), "sales1 online")
        r = httpx.post(f"{b.url}/api/auth/logout",
                       headers={"Authorization": f"Bearer {s1}", CSRF_HEADER: "XMLHttpRequest"})
        assert r.status_code == 200, r.text
        message = receive(ws, TTL * 3)
        assert message == {"event": "error", "message": "Your session has ended, please sign in again."}
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    eventually(lambda: SALES1 not in online(b, tl), "sales1 gone")
