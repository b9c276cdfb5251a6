"""The process's presence watchers (Sales Monitoring's connections) and the one Redis subscription, held while any
watches, through which a change of presence made by any process reaches them (as `updateClients`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import redis.asyncio as aioredis

from api.presence import store

log = logging.getLogger(__name__)

COALESCE_SECONDS = 0.1  # changes this close together reach a watcher as one updateClients


class RealtimeHub:
    def __init__(self, redis_client: aioredis.Redis) -> None:
        self.loop = asyncio.get_running_loop()
        self.redis = redis_client
        self.watchers: set[asyncio.Queue[str]] = set()
        self._reader: asyncio.Task[None] | None = None

    def watch(self, queue: asyncio.Queue[str]) -> None:
        self.watchers.add(queue)
        if self._reader is None:
            self._reader = self.loop.create_task(self._read(), name="presence-hub")

    def unwatch(self, queue: asyncio.Queue[str]) -> None:
        self.watchers.discard(queue)
        if not self.watchers and self._reader is not None:
            self._reader.cancel()
            self._reader = None

    def _tell_watchers(self) -> None:
        for queue in self.watchers:
            if queue.empty():  # a signal: one waiting is as good as two
                queue.put_nowait("updateClients")

    async def _read(self) -> None:
        pubsub = self.redis.pubsub()
        try:
            await pubsub.subscribe(store.CHANGED)
            async for message in pubsub.listen():
                if message["type"] == "message":
                    await asyncio.sleep(COALESCE_SECONDS)
                    self._tell_watchers()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the subscription is lost: the watchers' sockets close, their browsers reconnect
            log.warning("presence subscription lost: %s", exc)
            for queue in self.watchers:
                queue.put_nowait("closed")
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            if self._reader is asyncio.current_task():
                self._reader = None


def hub(state: Any) -> RealtimeHub:
    """The app's hub, made on first use on the loop that serves the app."""
    current: RealtimeHub | None = getattr(state, "realtime_hub", None)
    if current is None or current.loop is not asyncio.get_running_loop():
        current = RealtimeHub(store.client(state))
        state.realtime_hub = current
    return current
