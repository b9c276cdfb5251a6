"""Open realtime connections (the bell's notification signals, api/realtime/socket.py; "streams" here, as they
were server-sent events before issue 21) against a live uvicorn server whose database pool is far smaller than the
number of streams (issue 12 §3): an idle stream holds no database connection, the streams of a process share one
Redis subscription, and a closed stream leaves nothing behind."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from api.core.config import Settings
from api.core.db import make_engine, make_session_factory
from api.core.embedded import free_port
from api.notifications.live import Hub, publish, subscriber_name
from api.users.models import User
from tests.conftest import DEMO_PASSWORD, run_async
from tests.sockets import next_event, signed_in

POOL_SIZE = 2
STREAMS = 4 * POOL_SIZE  # each of them would have held a pool connection
USERS = ("sales1", "sales2")


@dataclass
class LiveServer:
    app: FastAPI
    url: str
    engine: Engine  # the only pool the server's requests may use


def eventually(condition: Callable[[], bool], what: str, deadline: float = 30.0) -> None:
    """Waits for something the server does after the client has gone (no bound on how fast is asserted)."""
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"still not true after {deadline:.0f} s: {what}")
        time.sleep(0.05)


@pytest.fixture
def server(settings: Settings, redis_client: Any) -> Iterator[LiveServer]:
    """uvicorn on a real socket, in a thread of this process so that the test can look at its pool and its hub; its
    requests get sessions from a pool of POOL_SIZE connections, no overflow, waiting at most 5 s for one."""
    from api.main import create_app

    app = create_app(settings)
    port = free_port()
    # log_config=None: uvicorn's own dictConfig would close every handler of this process, the session's product log
    # among them (a closed "w" file handler drops records silently: later tests' logs would be lost)
    uvi = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", log_config=None,
                                        timeout_graceful_shutdown=5))
    thread = threading.Thread(target=uvi.run, name="uvicorn", daemon=True)
    thread.start()
    eventually(lambda: uvi.started or not thread.is_alive(), "uvicorn started")
    assert uvi.started, "uvicorn did not start"
    engine = make_engine(settings.database_url or "", pool_size=POOL_SIZE, max_overflow=0, pool_timeout=5)
    app.state.session_factory = make_session_factory(engine)
    try:
        yield LiveServer(app=app, url=f"http://127.0.0.1:{port}", engine=engine)
    finally:
        uvi.should_exit = True
        thread.join(30)
        engine.dispose()
        redis_client.flushdb()


def subscribers(redis_client: Any) -> list[dict[str, Any]]:
    """This process's subscriber connections in Redis (the e2e server may have its own on the same Redis)."""
    return [c for c in redis_client.client_list() if c["name"] == subscriber_name()]


def token(http: httpx.Client, username: str) -> str:
    r = http.post("/api/auth/login", json={"username": username, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    return r.json()["results"]["token"]  # type: ignore[no-any-return]


def bearer(user_token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {user_token}"}


def open_streams(stack: ExitStack, server: LiveServer, tokens: dict[str, str]) -> list[tuple[str, Any]]:
    """STREAMS connections spread over USERS, each signed in (subscribed from its `ready` on)."""
    return [(USERS[i % len(USERS)], stack.enter_context(signed_in(server.url, tokens[USERS[i % len(USERS)]])))
            for i in range(STREAMS)]


def http_client(server: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=httpx.Timeout(30.0),
                        limits=httpx.Limits(max_connections=None, max_keepalive_connections=0))


class TestStreamResources:
    def test_streams_beyond_the_pool_hold_no_connection_and_still_deliver(self, server: LiveServer,
                                                                          redis_client: Any) -> None:
        with Session(server.engine) as session:
            ids = {u: session.query(User.id).filter_by(username=u).scalar() for u in USERS}
        with http_client(server) as http, ExitStack() as stack:
            tokens = {u: token(http, u) for u in (*USERS, "tl1")}
            streams = open_streams(stack, server, tokens)

            assert server.engine.pool.checkedout() == 0  # every stream signed in, and gave its connection back
            hub = server.app.state.notification_hub
            assert hub.listeners == STREAMS and hub.subscribed
            assert len(subscribers(redis_client)) == 1  # one subscription for the process, not one per stream

            # with the old streams: no connection left, 500
            board = http.get("/api/leads", headers=bearer(tokens["tl1"]))
            assert board.status_code == 200 and len(board.json()["results"]) >= 6
            inbox = http.get("/api/notification/limited", headers=bearer(tokens["sales1"]))
            assert inbox.status_code == 200

            publish(redis_client, [ids["sales1"]])  # only sales1's streams hear of it
            for user, ws in streams:
                if user == "sales1":
                    assert next_event(ws) == "notification"
            publish(redis_client, ids.values())
            for _user, ws in streams:
                assert next_event(ws) == "notification"  # sales2's first, sales1's second

    def test_closed_streams_leave_no_task_no_subscription_and_no_connection(self, server: LiveServer,
                                                                            redis_client: Any) -> None:
        with http_client(server) as http:
            tokens = {u: token(http, u) for u in USERS}
            with ExitStack() as stack:
                streams = open_streams(stack, server, tokens)
                hub = server.app.state.notification_hub
                assert hub.listeners == len(streams)
            # the client closed every connection (a browser tab closed): each stream's task ends and lets go of
            # its queue, and the last one takes the process's Redis subscription with it
            eventually(lambda: hub.listeners == 0, "every stream ended")
            eventually(lambda: not hub.subscribed, "the subscription is closed")
            eventually(lambda: not subscribers(redis_client), "the subscriber's Redis connection is gone")
            assert server.engine.pool.checkedout() == 0

            # and the next stream subscribes afresh and is heard
            with signed_in(server.url, tokens["sales1"]) as ws:  # read up to its ready
                assert hub.listeners == 1 and hub.subscribed
                with Session(server.engine) as session:
                    publish(redis_client, [session.query(User.id).filter_by(username="sales1").scalar()])
                assert next_event(ws) == "notification"

    def test_a_lost_subscription_ends_the_streams_and_the_next_one_subscribes_again(self, server: LiveServer,
                                                                                     redis_client: Any) -> None:
        with http_client(server) as http, Session(server.engine) as session:
            user_id = session.query(User.id).filter_by(username="sales1").scalar()
            tokens = {u: token(http, u) for u in USERS}
            with ExitStack() as stack:
                streams = open_streams(stack, server, tokens)
                [subscriber] = subscribers(redis_client)  # the process's one subscription
                assert redis_client.client_kill_filter(_id=subscriber["id"]) == 1
                # a stream that went deaf would wait forever: each one ends instead, and the browser reconnects
                for _user, ws in streams:
                    assert next_event(ws) == "closed"
            hub = server.app.state.notification_hub
            eventually(lambda: hub.listeners == 0 and not hub.subscribed, "the streams and the subscription ended")

            with signed_in(server.url, tokens["sales1"]) as ws:
                publish(redis_client, [user_id])
                assert next_event(ws) == "notification"


class TestHub:
    def test_an_unreachable_redis_ends_the_stream_and_leaves_nothing(self) -> None:
        async def scenario() -> tuple[list[str], int, bool]:
            hub = Hub(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
            events: list[str] = []
            try:
                async with hub.listen(1):  # what a realtime connection waits for before its ready
                    events.append("ready")
            except ConnectionError:  # the connection closes with 1011 and its browser tries again
                pass
            return events, hub.listeners, hub.subscribed

        assert run_async(scenario()) == ([], 0, False)
