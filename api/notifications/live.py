"""Live notification signals: Redis pub/sub, so any API process can stream to any user."""

from __future__ import annotations

import json
from collections.abc import Iterable

import redis

CHANNEL = "notifications:user:{}"


def publish(r: redis.Redis, user_ids: Iterable[int]) -> None:
    """Tell each user's open streams that their notifications changed (call after the commit)."""
    for user_id in set(user_ids):
        r.publish(CHANNEL.format(user_id), json.dumps({"type": "changed"}))
