"""Storage activities: the files committed changes removed, tried again until they have left storage."""

from __future__ import annotations

from temporalio import activity

from api.core.config import get_settings
from api.core.storage import open_storage, removals
from workflows.activities.db import sessions


@activity.defn
def remove_left_files() -> int:
    """Delete each file a committed change removed and whose first delete failed (api/core/storage/removals.py);
    answers how many left storage on this pass."""
    with sessions()() as session:
        return removals.remove_left(session, open_storage(get_settings()).backend)
