"""Approval notifications follow their settings on the real workflow: a decision that does not end a request tells
the requester and their team leader when REQUEST_DECIDED is on (by mail too), the outcome goes out with its
setting's template to its recipients, and approvers asked with REQUEST_SUBMITTED off still find the request in their
queue and decide it."""

# ruff: noqa: F811  (the world fixture is imported from the approval workflow tests)

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalTask
from api.notifications import settings as notification_settings
from api.notifications.models import Notification, NotificationMail, NotificationSetting
from tests.conftest import Services, run_async
from tests.workflows.test_approval_workflow import World, approver, open_request, refresh, start, world  # noqa: F401
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.approval_rules import Layer

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
def settings_restored(world: World) -> Iterator[Session]:
    """The tests change settings (committed, for the worker to read): they are put back afterwards."""
    session = world.session
    before = [(s.id, list(s.channels), list(s.recipients), list(s.user_ids), s.message_template)
              for s in session.scalars(select(NotificationSetting))]
    yield session
    session.rollback()
    for setting_id, channels, recipients, user_ids, template in before:
        session.execute(update(NotificationSetting).where(NotificationSetting.id == setting_id).values(
            channels=channels, recipients=recipients, user_ids=user_ids, message_template=template))
    session.execute(update(NotificationMail).where(NotificationMail.handed_at.is_(None))
                    .values(handed_at=NotificationMail.created_at))
    session.commit()
    notification_settings.changed()


def _set(session: Session, action: str, **values: object) -> None:
    session.execute(update(NotificationSetting).where(NotificationSetting.action == action).values(**values))
    session.commit()
    notification_settings.changed()  # as an administrator's change does: every process reads it again


def _told(world: World) -> list[tuple[str, str, str]]:
    refresh(world)
    names = {u.id: u.username for u in world.users.values()}
    return [(names[n.user_id], n.notification_type, n.message) for n in world.session.scalars(
        select(Notification).where(Notification.lead_id == world.lead.id).order_by(Notification.id))]


def test_decisions_and_outcomes_follow_their_settings(services: Services, world: World,
                                                      settings_restored: Session) -> None:
    s = settings_restored
    _set(s, "REQUEST_SUBMITTED", channels=[])  # approvers are not told: their queue still has the request
    _set(s, "REQUEST_DECIDED", channels=["IN_APP", "EMAIL"], recipients=["REQUESTER", "TEAM_LEADER"])
    _set(s, "REQUEST_APPROVED", recipients=["REQUESTER", "USERS"], user_ids=[world.users["admin"].id],
         message_template="{{ recipient }}: '{{ project }}' approved at {{ layer }}"
                          "{% if note %} ({{ note }}){% endif %}")
    a1, a2 = approver(world, "approver1"), approver(world, "approver2")
    layers = [Layer("Review", "ANY_ORDER", [a1, a2])]
    request = open_request(world, layers)

    async def scenario() -> str:
        handle = await start(services, world, request, layers)
        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED", "Fine by me"))
        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED", "ok"))
        return str(await handle.result())

    assert run_async(scenario()) == "APPROVED"
    refresh(world)
    tasks = world.session.scalars(select(ApprovalTask.approver_id).where(ApprovalTask.request_id == request.id))
    assert set(tasks) == {a1.id, a2.id}  # queued without a notification
    project = world.lead.project_name
    decided = f"{a1.name} approved your request to move '{project}' ("
    told = _told(world)
    assert [(user, kind) for user, kind, _ in told] == [
        ("sales1", "INFORMATION"), ("tl1", "INFORMATION"),  # the first decision: requester and team leader
        ("sales1", "INFORMATION"), ("admin", "INFORMATION")]  # the outcome: requester and the named user
    assert told[0][2].startswith(decided) and told[0][2].endswith(": Fine by me")
    assert told[1][2] == told[0][2]
    assert told[2][2] == f"Andi Pratama: '{project}' approved at Layer 1 (ok)"
    assert told[3][2].endswith(f": '{project}' approved at Layer 1 (ok)")
    mails = world.session.scalars(select(NotificationMail.address).where(
        NotificationMail.action == "REQUEST_DECIDED", NotificationMail.body.like(f"%{project}%"))).all()
    assert sorted(mails) == ["sales1@pipeline-crm.local", "tl1@pipeline-crm.local"]
