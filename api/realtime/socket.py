"""The realtime channel (spec 1 §4): one WebSocket per browser tab (or registered device) at /api/realtime.

A plain WebSocket, not Socket.IO: the call device socket of spec 1 §4 is a plain WebSocket that softphones speak,
and Redis pub/sub already carries the product's changes between processes, so one protocol serves both.

JSON text frames. The client signs in with its first message, `{"event": "login", "token": ...}` (a browser cannot
put a bearer header on a WebSocket, and a token in the URL would be written to access logs), within LOGIN_SECONDS;
the server answers `{"event": "ready", "connectionId", "heartbeatSeconds"}` once it listens for the user's
notifications. Then the client sends `ping` at least every heartbeatSeconds (a connection not heard from for
PRESENCE_TTL_SECONDS is gone), `visibility` when its tab is shown or hidden, `watch` (topic `presence`, for sales
monitoring: needs its read access) and `logout`. Every connection receives `notification` when its user's
notifications change (the bell then reads them); a watcher receives `updateClients` whenever who is online
changes, and reads the list through its access-checked call.

A call device (a softphone, or /weblink/sip on the phone) signs in the same way with `"device": true`, naming itself
in the URL (spec 1 §4: ?device_id=&user_id=&username=&domain=, which must be the signed-in user's). It receives
`dial` ({callId, phone, name, leadId, project}) when its user taps Call (api/calls), and reports `callStarted` and
`callEnded` ({callId}); every connection of the user then receives `callRecorded` ({callId, leadId, activityId,
durationSeconds}).

Close codes: 4401 not signed in (or the session ended), 4408 no sign-in in time (or silent too long), 1008 a
message that is not the protocol's, 1011 and 1012 reconnect (the process lost Redis, or is stopping).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
import uuid
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from redis.exceptions import RedisError
from starlette.websockets import WebSocketState

from api.auth import sessions
from api.calls import service as calls
from api.core.deps import token_user
from api.core.errors import Unauthorized
from api.notifications import live
from api.presence import store
from api.realtime.hub import RealtimeHub, hub

log = logging.getLogger(__name__)

PATH = "/api/realtime"  # in api.route_declarations.SOCKET_ROUTES
LOGIN_SECONDS = 10.0
MAX_MESSAGE = 8192  # characters: every message of the protocol is far shorter
MAX_MESSAGES_PER_SECOND = 20
MONITORING_PAGE = "system/sales-monitoring"
NOT_SIGNED_IN = 4401
NO_LOGIN = 4408
BAD_MESSAGE = 1008
SERVICE_ERROR = 1011
SERVICE_RESTART = 1012
DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
DOMAIN = re.compile(r"[A-Za-z0-9.-]{1,253}")
CALL_ID = re.compile(r"[0-9a-f]{32}")


@dataclass
class Connection:
    user_id: int
    role: str
    session_id: str
    id: str
    kind: str


class Closed(Exception):
    def __init__(self, code: int, reason: str = "") -> None:
        self.code, self.reason = code, reason


def _sign_in(state: Any, token: Any) -> tuple[int, str, str, str]:
    with state.session_factory() as session:
        user, session_id = token_user(state, session, token if isinstance(token, str) else None)
        return user.id, user.username, user.role.name, session_id


def _device(websocket: WebSocket, login: dict[str, Any], user_id: int, username: str) -> dict[str, str] | None:
    """A call device (spec 1 §4) names itself in the URL: device_id, user_id, username and domain (its SIP
    domain); they must be the signed-in user's. None for a browser tab."""
    if login.get("device") is not True:
        return None
    query = websocket.query_params
    device_id, domain = (query.get("device_id") or "").strip(), (query.get("domain") or "").strip()
    if not DEVICE_ID.fullmatch(device_id) or not DOMAIN.fullmatch(domain):
        raise Unauthorized("A call device needs its device_id and SIP domain.")
    if query.get("user_id") != str(user_id) or query.get("username") != username:
        raise Unauthorized("This device is registered for another user.")
    return {"device_id": device_id, "domain": domain}


def _record(state: Any, ended: calls.Ended) -> int | None:
    with state.session_factory() as session:
        return calls.record(session, ended)


async def _receive(websocket: WebSocket, timeout: float) -> dict[str, Any]:
    """The next message of the protocol; Closed when the client went, was silent too long or sent nonsense."""
    try:
        async with asyncio.timeout(timeout):
            text = await websocket.receive_text()
    except TimeoutError as exc:
        raise Closed(NO_LOGIN, "silent too long") from exc
    except (WebSocketDisconnect, RuntimeError, KeyError) as exc:  # gone, or a binary frame (no "text")
        raise Closed(1000) from exc
    if len(text) > MAX_MESSAGE:
        raise Closed(BAD_MESSAGE, "message too long")
    try:
        message = json.loads(text)
    except ValueError as exc:
        raise Closed(BAD_MESSAGE, "not JSON") from exc
    if not isinstance(message, dict) or not isinstance(message.get("event"), str):
        raise Closed(BAD_MESSAGE, "no event")
    return message


async def _close(websocket: WebSocket, closed: Closed) -> None:
    if websocket.application_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):  # the client may be gone already
            await websocket.close(closed.code, closed.reason[:120])


async def _send(websocket: WebSocket, event: str, **data: Any) -> None:
    await websocket.send_text(json.dumps({"event": event, **data}))


async def realtime(websocket: WebSocket) -> None:
    await websocket.accept()
    state = websocket.app.state
    ttl = float(state.settings.presence_ttl_seconds)
    connection: Connection | None = None
    source = hub(state)
    try:
        first = await _receive(websocket, LOGIN_SECONDS)
        if first["event"] != "login":
            raise Closed(NOT_SIGNED_IN, "sign in first")
        try:
            user_id, username, role, session_id = await run_in_threadpool(_sign_in, state, first.get("token"))
            device = _device(websocket, first, user_id, username)
        except Unauthorized as exc:
            await _send(websocket, "error", message=exc.messages[0])
            raise Closed(NOT_SIGNED_IN, exc.messages[0]) from exc
        kind = "tab" if device is None else "device"
        connection = Connection(user_id=user_id, role=role, session_id=session_id, id=uuid.uuid4().hex, kind=kind)
        await store.join(source.redis, user_id=user_id, connection_id=connection.id, kind=kind, now=time.time(),
                         ttl=ttl, device=device)
        notes = live.hub(state, state.settings.redis_url)
        if notes.closing:  # the process is stopping: this browser reconnects to another one
            raise Closed(SERVICE_RESTART, "the server is restarting")
        try:
            async with notes.listen(user_id) as notifications:
                # ready once subscribed: nothing published from now on is missed
                await _send(websocket, "ready", connectionId=connection.id, heartbeatSeconds=ttl / 3)
                await _serve(websocket, source, connection, ttl, notifications)
        except ConnectionError as exc:  # the notification subscription failed (logged by its hub)
            raise Closed(SERVICE_ERROR, "try again") from exc
    except RedisError as exc:  # presence or the session store cannot be reached: the browser tries again later
        log.warning("realtime connection ended, Redis failed: %s", exc)
        await _close(websocket, Closed(SERVICE_ERROR, "try again"))
    except Closed as closed:
        await _close(websocket, closed)
    finally:
        if connection is not None:
            with contextlib.suppress(Exception):  # the Redis is gone: the connection expires instead
                await asyncio.shield(store.leave(source.redis, user_id=connection.user_id,
                                                 connection_id=connection.id, now=time.time()))


async def _serve(websocket: WebSocket, source: RealtimeHub, connection: Connection, ttl: float,
                 notifications: live.Queue) -> None:
    """Read the client's messages while its process beats for it and forwards its notifications and what its watch
    asks for."""
    outbox: asyncio.Queue[str] = asyncio.Queue()
    state = websocket.app.state

    async def beats() -> None:
        while True:
            await asyncio.sleep(ttl / 3)
            now = time.time()
            if not await run_in_threadpool(sessions.is_open, state.redis, connection.session_id, connection.user_id):
                outbox.put_nowait("ended")
                return
            if not await store.beat(source.redis, user_id=connection.user_id, connection_id=connection.id, now=now,
                                    ttl=ttl):  # swept while this process stalled: back again
                await store.join(source.redis, user_id=connection.user_id, connection_id=connection.id,
                                 kind=connection.kind, now=now, ttl=ttl)
            await store.sweep(source.redis, now=now)

    async def forward() -> None:
        while True:
            signal = await outbox.get()
            if signal == "ended":
                await _send(websocket, "error", message="Your session has ended, please sign in again.")
                raise Closed(NOT_SIGNED_IN, "session ended")
            if signal == "closed":
                raise Closed(SERVICE_ERROR, "try again")
            await _send(websocket, signal)

    async def notes() -> None:
        while True:
            data = await notifications.get()
            if data is None:  # the subscription is lost, or the process is stopping
                raise Closed(SERVICE_RESTART, "reconnect")
            message = json.loads(data)
            kind = message.pop("type", "changed")
            if kind == "changed":
                await _send(websocket, "notification")
            elif kind == "dial" and connection.kind == "device":  # a call to place: the devices only
                await _send(websocket, "dial", **message)
            elif kind == "callRecorded":  # every connection of the user: a lead page shows the new activity
                await _send(websocket, "callRecorded", **message)

    async def call_event(event: str, message: dict[str, Any]) -> None:
        call_id = message.get("callId")
        if connection.kind != "device" or not isinstance(call_id, str) or not CALL_ID.fullmatch(call_id):
            await _send(websocket, "error", message="Only a call device reports calls.")
            return
        if event == "callStarted":
            if await calls.started(source.redis, user_id=connection.user_id, call_id=call_id):
                await _send(websocket, "callStarted", callId=call_id)
            else:
                await _send(websocket, "error", message="Unknown call.", callId=call_id)
            return
        ended = await calls.ended(source.redis, user_id=connection.user_id, call_id=call_id)
        if ended is None:
            await _send(websocket, "error", message="Unknown call.", callId=call_id)
            return
        activity_id = await run_in_threadpool(_record, state, ended)
        recorded = calls.recorded_message(ended, activity_id)
        await run_in_threadpool(live.send, state.redis, connection.user_id, recorded)  # the user's tabs hear it

    async def read() -> None:
        window, count = time.monotonic(), 0
        while True:
            message = await _receive(websocket, ttl)
            now = time.monotonic()
            if now - window >= 1.0:
                window, count = now, 0
            count += 1
            if count > MAX_MESSAGES_PER_SECOND:  # a client of the protocol sends a few a minute
                raise Closed(BAD_MESSAGE, "too many messages")
            event = message["event"]
            if event == "ping":
                continue
            if event == "logout":
                raise Closed(1000, "signed out")
            if event == "visibility":
                await store.set_visible(source.redis, connection_id=connection.id,
                                        visible=message.get("visible") is not False)
            elif event == "watch" and message.get("topic") == "presence":
                if not state.policy.allowed(connection.role, MONITORING_PAGE, "read"):
                    await _send(websocket, "error", message="You may not watch who is online.")
                    continue
                source.watch(outbox)
                await _send(websocket, "updateClients")
            elif event == "unwatch":
                source.unwatch(outbox)
            elif event in ("callStarted", "callEnded"):
                await call_event(event, message)
            else:
                await _send(websocket, "error", message=f"Unknown event: {event[:40]}")

    jobs = [asyncio.create_task(job) for job in (beats(), forward(), read(), notes())]
    try:
        done, _ = await asyncio.wait(jobs, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for job in jobs:
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)
        source.unwatch(outbox)
    for job in done:
        failure = job.exception()
        if isinstance(failure, Closed):
            raise failure
        if failure is not None and not isinstance(failure, WebSocketDisconnect | ConnectionError | RuntimeError):
            raise failure
