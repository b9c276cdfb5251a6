"""Where a notification leads: the server names the page for its reader, by the reader's page access (a sales
person opens their lead, an approver the lead's read-only view), and never one the reader would be refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.notifications.models import Notification
from api.users.models import User
from tests.conftest import auth

LEAD = 4242


def _uid(db: Session, username: str) -> int:
    return db.query(User).filter_by(username=username).one().id


def _only(client: TestClient, db: Session, username: str, **fields: Any) -> dict[str, Any]:
    """Give `username` this notification and read it back through the bell's call (the newest; other tests of the
    session may have left the user notifications of their own)."""
    made = Notification(user_id=_uid(db, username), message="m", **fields)
    db.add(made)
    db.commit()
    data = client.get("/api/notification/limited", headers=auth(client, username)).json()["results"]["data"]
    assert data[0]["id"] == made.id
    return data[0]  # type: ignore[no-any-return]


ASKED = {"notification_type": "APPROVAL", "kind": "REQUESTED", "link": "/system/approval?request=9",
         "lead_id": LEAD}
DECIDED = {"notification_type": "INFORMATION", "kind": "APPROVED", "link": f"/leads/{LEAD}", "lead_id": LEAD}
SHEET = {"notification_type": "INFORMATION", "kind": "REJECTED", "link": f"/leads/{LEAD}/project-cost-sheet",
         "lead_id": LEAD}


class TestTarget:
    @pytest.mark.parametrize(("username", "fields", "target"), [
        # an approver (leads/view only) reads the lead they are asked about, read-only
        ("approver1", ASKED, f"/leads/{LEAD}/view"),
        # a team leader approving reads it the same way (their /leads access opens the view)
        ("tl1", ASKED, f"/leads/{LEAD}/view"),
        # the requester, a sales person, opens the lead itself, or its cost sheet
        ("sales1", DECIDED, f"/leads/{LEAD}"),
        ("sales1", SHEET, f"/leads/{LEAD}/project-cost-sheet"),
        # an approver told about a lead opens its view, never the full page they would be refused
        ("approver1", DECIDED, f"/leads/{LEAD}/view"),
        ("approver1", SHEET, f"/leads/{LEAD}/view"),
        # a refused decision: back to the queue
        ("approver1", {"notification_type": "INFORMATION", "link": "/system/approval", "lead_id": LEAD},
         "/system/approval"),
        # an asked notification written before its lead was recorded: the queue for an approver ...
        ("approver1", {**ASKED, "lead_id": None}, "/system/approval"),
        # ... and the inbox for someone who may not open the queue
        ("sales1", {**ASKED, "lead_id": None}, "/user/inbox"),
        # nothing to open: the inbox
        ("sales1", {"notification_type": "INFORMATION", "link": None}, "/user/inbox"),
    ])
    def test_per_kind_and_role(self, client: TestClient, db: Session, username: str, fields: dict[str, Any],
                               target: str) -> None:
        assert _only(client, db, username, **fields)["target"] == target

    def test_kind_and_link_are_given(self, client: TestClient, db: Session) -> None:
        n = _only(client, db, "sales1", **SHEET)
        assert n["kind"] == "REJECTED" and n["link"] == f"/leads/{LEAD}/project-cost-sheet"

    def test_a_notification_without_a_kind_is_information(self, client: TestClient, db: Session) -> None:
        n = _only(client, db, "sales1", notification_type="INFORMATION")
        assert n["kind"] == "INFO" and n["target"] == "/user/inbox"

    def test_the_inbox_pages_carry_the_target_too(self, client: TestClient, db: Session) -> None:
        made = Notification(user_id=_uid(db, "approver1"), message="m", **ASKED)
        db.add(made)
        db.commit()
        page = client.get("/api/notification", headers=auth(client, "approver1")).json()["results"]["data"]
        assert [n["target"] for n in page if n["id"] == made.id] == [f"/leads/{LEAD}/view"]
