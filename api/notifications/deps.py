"""The notification stream's sign-in, with a session of its own that is closed before the stream starts."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.orm import Session

from api.deps import Credentials, PageAccess
from api.users.models import User


class StreamAccess(PageAccess):
    """PageAccess for a response that stays open. A SessionDep session is closed only after the response ends,
    so every open stream held a pool connection (about 30 streams stopped every call that needs the database);
    this one signs in and reads the role with a session closed, its connection back in the pool, before the
    stream starts. The user it returns is detached: read only what was loaded (id, role)."""

    async def __call__(self, request: Request, credentials: Credentials) -> User:  # type: ignore[override]
        def check() -> User:
            session: Session = request.app.state.session_factory()
            with session:
                return PageAccess.__call__(self, request, session, credentials)

        return await run_in_threadpool(check)


StreamActor = Annotated[User, Depends(StreamAccess("user/inbox", "read"))]
