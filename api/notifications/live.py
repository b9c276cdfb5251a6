"""Live notification signals: Redis pub/sub, so any API process can tell any user's realtime connections.

Publishing is one PUBLISH per user. Listening is one subscription per API process (the Hub), fanned out to that
process's open realtime connections (api/realtime/socket.py, its "streams" here) through small asyncio queues: 200
open connections cost one Redis connection, not 200, and no database connection at all (a connection signs in with
a session closed before it starts listening).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import redis
import redis.asyncio as aioredis

from api.core.config import get_settings
from api.core.redis import process_redis

log = logging.getLogger(__name__)

CHANNEL = "notifications:user:{}"
PATTERN = CHANNEL.format("*")
CHANGED = json.dumps({"type": "changed"})
QUEUE_SIZE = 16  # messages waiting for one stream, the end marker's place among them

Queue = asyncio.Queue[str | None]  # a published payload, or None: the subscription is lost, end the stream


def publish_changed(user_ids: Iterable[int]) -> None:
    """From code without the app's Redis client (the worker's activities): tell these users' streams, after the
    commit, that their notifications changed."""
    ids = list(user_ids)
    settings = get_settings()
    if settings.redis_url and ids:
        publish(process_redis(settings.redis_url), ids)


def publish(r: redis.Redis, user_ids: Iterable[int]) -> None:
    """Tell each user's open streams that their notifications changed (call after the commit)."""
    for user_id in set(user_ids):
        r.publish(CHANNEL.format(user_id), CHANGED)


def send(r: redis.Redis, user_id: int, message: dict[str, Any]) -> None:
    """A message with a `type` other than "changed" to each open stream of the user (api/realtime/socket.py says
    which connections take which types)."""
    r.publish(CHANNEL.format(user_id), json.dumps(message))


def subscriber_name() -> str:
    """The name of this process's subscriber connection in Redis's CLIENT LIST."""
    return f"crm-notification-hub-{os.getpid()}"


class Hub:
    """The process's one subscription (a pattern over every user's channel), made with the first open stream and
    closed with the last, so a process without streams holds no Redis connection for them.

    Most messages say only that something changed (the browser then asks for its notifications), so a stream that
    has one waiting needs no second one; a message with more in it (a call to dial, api/calls) is always queued. A
    queue keeps one place for the end marker."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.loop = asyncio.get_running_loop()
        self._queues: dict[int, set[Queue]] = {}
        self._reader: asyncio.Task[None] | None = None
        self.closing = False
        self._ready: asyncio.Future[None] | None = None

    @property
    def listeners(self) -> int:
        """How many streams are open in this process."""
        return sum(len(queues) for queues in self._queues.values())

    @property
    def subscribed(self) -> bool:
        """Whether this process holds its Redis subscription (it does while any stream is open)."""
        return self._reader is not None

    @asynccontextmanager
    async def listen(self, user_id: int) -> AsyncIterator[Queue]:
        """A queue that receives what is published to this user until the block ends; entered once the
        subscription is confirmed, so nothing published after that is missed."""
        queue: Queue = asyncio.Queue(maxsize=QUEUE_SIZE)
        self._queues.setdefault(user_id, set()).add(queue)
        try:
            if self._reader is None or self._ready is None:
                self._ready = self.loop.create_future()
                self._reader = self.loop.create_task(self._read(self._ready), name="notification-hub")
            await asyncio.shield(self._ready)  # one stream giving up must not cancel the others' wait
            yield queue
        finally:
            # synchronous: a closed connection cancels the stream, and under that cancellation any await here
            # would raise again and leave the queue behind
            self._drop(user_id, queue)

    def end_streams(self) -> None:
        """The process is stopping: every open stream ends now (its browser reconnects, to another API process),
        and a stream opened from now on ends at once."""
        self.closing = True
        for queues in self._queues.values():
            for queue in queues:
                if not queue.full():
                    queue.put_nowait(None)

    def _drop(self, user_id: int, queue: Queue) -> None:
        queues = self._queues.get(user_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._queues[user_id]
        if not self._queues and self._reader is not None:
            self._reader.cancel()  # it closes its own connection
            self._reader = self._ready = None

    def _deliver(self, channel: str, data: str) -> None:
        try:
            user_id = int(channel.rsplit(":", 1)[1])
        except ValueError:
            return
        for queue in self._queues.get(user_id, ()):
            if data == CHANGED and not queue.empty():
                continue  # one change waiting is as good as two
            if queue.qsize() < QUEUE_SIZE - 1:
                queue.put_nowait(data)

    async def _read(self, ready: asyncio.Future[None]) -> None:
        client = aioredis.Redis.from_url(self.url, decode_responses=True, client_name=subscriber_name())
        pubsub = client.pubsub()
        try:
            await pubsub.psubscribe(PATTERN)
            async for message in pubsub.listen():
                if message["type"] == "psubscribe" and not ready.done():
                    ready.set_result(None)
                elif message["type"] == "pmessage":
                    self._deliver(message["channel"], message["data"])
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the connection is lost: end the streams; the browsers reconnect with back-off
            # (and poll meanwhile), and the first stream to come back subscribes again
            log.warning("notification subscription lost: %s", exc)
            if not ready.done():
                ready.set_exception(ConnectionError(f"notification subscription failed: {exc}"))
                ready.exception()  # retrieved here too: no waiter may be left to retrieve it
            for queues in self._queues.values():
                for queue in queues:
                    if not queue.full():
                        queue.put_nowait(None)
        finally:
            if self._reader is asyncio.current_task():
                self._reader = self._ready = None
            try:
                await pubsub.aclose()
                await client.aclose()
            except Exception as exc:  # already broken; nothing is left to release
                log.debug("closing the notification subscription: %s", exc)


def hub(state: Any, url: str) -> Hub:
    """The app's hub, made on first use on the loop that serves the app (a test client may start another)."""
    current: Hub | None = getattr(state, "notification_hub", None)
    if current is None or current.loop is not asyncio.get_running_loop():
        current = Hub(url)
        current.closing = bool(getattr(state, "notifications_ended", False))
        state.notification_hub = current
    return current


def end_streams(state: Any) -> None:
    """End the app's open streams, and any opened later (the process is told to stop)."""
    state.notifications_ended = True
    current: Hub | None = getattr(state, "notification_hub", None)
    if current is not None:
        current.end_streams()
