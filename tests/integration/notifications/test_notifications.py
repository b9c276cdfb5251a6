"""The notification calls of spec 1 §7, always scoped to the signed-in user."""

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.notifications.models import Notification
from api.users.models import User
from tests.conftest import auth, login


def _uid(db: Session, username: str) -> int:
    return db.query(User).filter_by(username=username).one().id


def _seed(db: Session, user_id: int, approvals: int, infos: int) -> None:
    """The user's notifications are these only (inside the test's rolled-back transaction): a committed one another
    test's workflow sent late (a PID generated after that test removed its lead's) does not count."""
    db.execute(delete(Notification).where(Notification.user_id == user_id))
    for i in range(approvals):
        db.add(Notification(user_id=user_id, notification_type="APPROVAL", message=f"Approval request {i}"))
    for i in range(infos):
        db.add(Notification(user_id=user_id, notification_type="INFORMATION", message=f"Lead info {i}"))
    db.commit()


class TestNotifications:
    def test_limited_gives_latest_and_unread_count_per_type(self, client: TestClient, db: Session) -> None:
        _seed(db, _uid(db, "sales1"), approvals=3, infos=12)
        _seed(db, _uid(db, "sales2"), approvals=5, infos=0)
        headers = auth(client, "sales1")
        everything = client.get("/api/notification/limited", headers=headers).json()["results"]
        assert everything["total"] == 15 and len(everything["data"]) == 10
        approvals = client.get("/api/notification/limited", params={"type": "APPROVAL"}, headers=headers)
        assert approvals.json()["results"]["total"] == 3
        assert {n["notificationType"] for n in approvals.json()["results"]["data"]} == {"APPROVAL"}

    def test_paging_search_and_unread(self, client: TestClient, db: Session) -> None:
        _seed(db, _uid(db, "sales1"), approvals=3, infos=12)
        headers = auth(client, "sales1")
        page1 = client.get("/api/notification", params={"page": 1, "limit": 10}, headers=headers).json()["results"]
        page2 = client.get("/api/notification", params={"page": 2, "limit": 10}, headers=headers).json()["results"]
        assert len(page1["data"]) == 10 and page1["pagination"] == {"page": 1, "hasMore": True}
        assert len(page2["data"]) == 5 and page2["pagination"] == {"page": 2, "hasMore": False}
        found = client.get("/api/notification", params={"search": "approval", "page": 3, "limit": 1},
                           headers=headers).json()["results"]
        assert len(found["data"]) == 3 and found["pagination"]["page"] == 1

    def test_mark_read_and_read_all_by_type(self, client: TestClient, db: Session) -> None:
        _seed(db, _uid(db, "sales1"), approvals=2, infos=2)
        headers = auth(client, "sales1")
        first = client.get("/api/notification", headers=headers).json()["results"]["data"][0]
        assert client.put("/api/notification", json={"ids": [first["id"]]}, headers=headers).json()["results"] == 1
        unread = client.get("/api/notification", params={"unread": True}, headers=headers).json()["results"]["data"]
        assert first["id"] not in {n["id"] for n in unread}
        client.put("/api/notification/read-all", json={"type": "APPROVAL"}, headers=headers)
        left = client.get("/api/notification/limited", headers=headers).json()["results"]["total"]
        information_left = 2 - (1 if first["notificationType"] == "INFORMATION" else 0)
        assert left == information_left

    def test_another_users_notifications_are_neither_read_nor_changed(self, client: TestClient, db: Session) -> None:
        other = _uid(db, "sales2")
        _seed(db, other, approvals=1, infos=0)
        headers = auth(client, "sales1")
        assert client.get("/api/notification", params={"user": other}, headers=headers).status_code == 403
        theirs = db.query(Notification).filter_by(user_id=other).one()
        assert client.put("/api/notification", json={"ids": [theirs.id]}, headers=headers).json()["results"] == 0
        db.refresh(theirs)
        assert theirs.is_read is False

    def test_empty_inbox(self, client: TestClient) -> None:
        r = client.get("/api/notification/limited", headers=auth(client, "topmanager")).json()["results"]
        assert r == {"data": [], "total": 0}

    def test_bad_type_is_a_422(self, client: TestClient) -> None:
        r = client.get("/api/notification", params={"type": "SPAM"}, headers=auth(client, "sales1"))
        assert r.status_code == 422


class TestLiveStream:
    """The bell's live signal, on the realtime channel (api/realtime/socket.py)."""

    def test_a_publish_from_any_process_reaches_the_users_stream(self, client: TestClient, db: Session,
                                                                 redis_client: Any) -> None:
        import threading

        from api.notifications.live import publish

        user_id = _uid(db, "sales1")
        token = login(client, "sales1")["token"]
        events: list[dict[str, Any]] = []
        with client.websocket_connect("/api/realtime") as ws:
            ws.send_json({"event": "login", "token": token})
            events.append(ws.receive_json())
            assert events[0]["event"] == "ready"
            threading.Timer(0.3, lambda: publish(redis_client, [_uid(db, "sales2"), user_id])).start()
            events.append(ws.receive_json())
            ws.send_json({"event": "logout"})
        assert events[1] == {"event": "notification"}

    def test_the_stream_needs_a_session(self, client: TestClient) -> None:
        from starlette.websockets import WebSocketDisconnect

        with client.websocket_connect("/api/realtime") as ws:
            ws.send_json({"event": "login", "token": "stale"})
            assert ws.receive_json()["event"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 4401
