"""Notification and reminder settings: the administrators' calls (each family behind its own page), what a change
must be to be saved (channels, recipients, named users, lead time, a template that renders), and the preview."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.notifications.catalogue import ACTIONS
from api.notifications.models import NotificationSetting
from api.users.models import User
from tests.conftest import auth

NOTIFICATIONS = "/api/notification-setting"
REMINDERS = "/api/reminder-setting"


ACTION = {NOTIFICATIONS: "notificationAction", REMINDERS: "reminderAction"}  # spec 1 §3: named by the family


def _settings(client: TestClient, base: str, user: str = "admin") -> dict[str, dict[str, Any]]:
    r = client.get(base, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return {s[ACTION[base]]: s for s in r.json()["results"]}


def _body(setting: dict[str, Any], **changes: Any) -> dict[str, Any]:
    body = {"channel": setting["channel"], "recipientList": setting["recipientList"],
            "userIds": [u["id"] for u in setting["users"]], "messageTemplate": setting["messageTemplate"],
            "leadMinutes": setting["leadMinutes"], "version": setting["version"]}
    return {**body, **changes}


def _uid(db: Session, username: str) -> int:
    return db.scalars(select(User.id).where(User.username == username)).one()


class TestReading:
    def test_each_family_lists_its_actions_seeded_with_todays_texts(self, client: TestClient) -> None:
        notifications = _settings(client, NOTIFICATIONS)
        assert list(notifications) == ["REQUEST_SUBMITTED", "REQUEST_DECIDED", "REQUEST_ESCALATED",
                                       "REQUEST_APPROVED", "REQUEST_REJECTED", "REQUEST_WITHDRAWN", "PID_GENERATED",
                                       "LEADS_REASSIGNED"]
        reminders = _settings(client, REMINDERS)
        assert list(reminders) == ["REQUEST_REMINDED", "SCHEDULE_STARTING", "LEAD_NOT_CONTACTED"]
        submitted = notifications["REQUEST_SUBMITTED"]
        assert submitted["messageTemplate"] == "{{ requester }} asks to {{ request }}."
        assert submitted["channel"] == ["IN_APP"] and submitted["recipientList"] == ["APPROVERS"]
        assert submitted["type"] == "APPROVAL"
        assert submitted["preview"] == "Sari Dewi asks to move 'Core Banking' (PT Maju) to E4 Proposal."
        # a decision that does not end a request told nobody before these settings: it is seeded off
        assert notifications["REQUEST_DECIDED"]["channel"] == []
        starting = reminders["SCHEDULE_STARTING"]
        assert starting["leadMinutes"] == 30 and starting["hasLeadTime"]
        assert starting["channel"] == ["IN_APP", "EMAIL"]  # a meeting's reminder comes by mail too, as calendars do
        assert reminders["LEAD_NOT_CONTACTED"]["leadMinutes"] is None
        # what the screen shows of the lead time and of the fixed moments comes from here, not from a second copy
        assert starting["leadMinutesRange"] == {"min": 5, "max": 10080} and starting["fixedDays"] == []
        assert reminders["LEAD_NOT_CONTACTED"]["fixedDays"] == [30, 90]
        assert reminders["LEAD_NOT_CONTACTED"]["leadMinutesRange"] is None
        assert not reminders["LEAD_NOT_CONTACTED"]["hasLeadTime"]

    def test_the_fields_are_the_specs(self, client: TestClient) -> None:
        """Spec 1 §3: id, channel, notificationAction (or reminderAction), messageTemplate, type, recipient list."""
        headers = auth(client, "admin")
        for base, action, other in ((NOTIFICATIONS, "notificationAction", "reminderAction"),
                                    (REMINDERS, "reminderAction", "notificationAction")):
            listed = client.get(base, headers=headers).json()["results"][0]
            one = client.get(f"{base}/{listed['id']}", headers=headers).json()["results"]
            for setting in (listed, one):
                assert {"id", "channel", action, "messageTemplate", "type", "recipientList"} <= set(setting)
                assert not {other, "action", "channels", "recipients"} & set(setting)
            saved = client.put(f"{base}/{one['id']}", json=_body(one), headers=headers)
            assert saved.status_code == 200, saved.text
            assert saved.json()["results"][action] == one[action]

    def test_a_setting_lists_its_recipients_and_variables(self, client: TestClient) -> None:
        pid = _settings(client, NOTIFICATIONS)["PID_GENERATED"]
        r = client.get(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin"))
        assert r.status_code == 200
        found = r.json()["results"]
        assert [o["code"] for o in found["recipientOptions"]] == ["SALES_PERSON", "TEAM_LEADER", "USERS"]
        names = [v["name"] for v in found["variables"]]
        assert names == ["pid", "project", "client", "sales_person", "recipient"]
        client_var = next(v for v in found["variables"] if v["name"] == "client")
        assert client_var["optional"] and client_var["sample"] == "PT Maju"

    def test_each_family_reaches_its_own_settings_only(self, client: TestClient) -> None:
        reminder = _settings(client, REMINDERS)["SCHEDULE_STARTING"]
        notification = _settings(client, NOTIFICATIONS)["PID_GENERATED"]
        headers = auth(client, "admin")
        assert client.get(f"{NOTIFICATIONS}/{reminder['id']}", headers=headers).status_code == 404
        assert client.put(f"{REMINDERS}/{notification['id']}", json=_body(notification),
                          headers=headers).status_code == 404
        assert client.get(f"{REMINDERS}/999999", headers=headers).status_code == 404

    @pytest.mark.parametrize("user", ["sales1", "tl1", "approver1"])
    def test_people_without_the_pages_are_refused(self, client: TestClient, user: str) -> None:
        headers = auth(client, user)
        for base in (NOTIFICATIONS, REMINDERS):
            assert client.get(base, headers=headers).status_code == 403
            assert client.get(f"{base}/1", headers=headers).status_code == 403
            assert client.put(f"{base}/1", json={"channel": [], "recipientList": [], "messageTemplate": "x"},
                              headers=headers).status_code == 403
            assert client.post(f"{base}/preview", json={ACTION[base]: "PID_GENERATED", "messageTemplate": "x"},
                               headers=headers).status_code == 403
            assert client.get(f"{base}/people", headers=headers).status_code == 403


class TestSaving:
    def test_a_valid_change_is_saved_whole(self, client: TestClient, db: Session) -> None:
        headers = auth(client, "admin")
        pid = _settings(client, NOTIFICATIONS)["PID_GENERATED"]
        tl = _uid(db, "tl1")
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", headers=headers, json=_body(
            pid, channel=["IN_APP", "EMAIL"], recipientList=["SALES_PERSON", "USERS"], userIds=[tl],
            messageTemplate="  {{ pid }} is ready for {{ recipient }}.  "))
        assert r.status_code == 200, r.text
        saved = r.json()["results"]
        assert saved["channel"] == ["IN_APP", "EMAIL"]
        assert saved["users"] == [{"id": tl, "fullname": "Budi Santoso"}]
        assert saved["messageTemplate"] == "{{ pid }} is ready for {{ recipient }}."
        assert saved["preview"] == "PID/2026/11/0042 is ready for Rina Wijaya."
        assert saved["updatedBy"] == "Administrator" or saved["updatedBy"]
        row = db.get(NotificationSetting, pid["id"])
        db.refresh(row)
        assert row is not None and row.user_ids == [tl] and row.recipients == ["SALES_PERSON", "USERS"]

    def test_a_save_of_a_setting_someone_changed_since_is_refused(self, client: TestClient, db: Session) -> None:
        """Two administrators open the same setting; the second save would silently undo the first: 409."""
        pid = _settings(client, NOTIFICATIONS)["PID_GENERATED"]
        theirs, mine = dict(pid), dict(pid)  # both opened at the same version
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin"),
                       json=_body(theirs, messageTemplate="Their words: {{ pid }}."))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["version"] == pid["version"] + 1
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin"),
                       json=_body(mine, messageTemplate="My words: {{ pid }}."))
        assert r.status_code == 409 and r.json()["type"] == "StaleVersion"
        assert r.json()["messages"] == ["The setting 'PID generated' was changed by someone else since you opened "
                                        "it. Reload it to see their changes."]
        row = db.get(NotificationSetting, pid["id"])
        db.refresh(row)
        assert row is not None and row.message_template == "Their words: {{ pid }}."
        # reloaded, the save goes through
        again = client.get(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin")).json()["results"]
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin"),
                       json=_body(again, messageTemplate="My words: {{ pid }}."))
        assert r.status_code == 200 and r.json()["results"]["messageTemplate"] == "My words: {{ pid }}."
        body = _body(again)
        del body["version"]
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", headers=auth(client, "admin"), json=body)
        assert r.status_code == 422 and r.json()["messages"] == ["version: Field required"]

    def test_the_lead_time_of_a_schedules_reminder(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        starting = _settings(client, REMINDERS)["SCHEDULE_STARTING"]
        r = client.put(f"{REMINDERS}/{starting['id']}", json=_body(starting, leadMinutes=60), headers=headers)
        assert r.status_code == 200 and r.json()["results"]["leadMinutes"] == 60
        for minutes in (None, 4, 10081):
            r = client.put(f"{REMINDERS}/{starting['id']}", json=_body(starting, leadMinutes=minutes),
                           headers=headers)
            assert r.status_code == 422
            assert r.json()["messages"] == ["The lead time must be between 5 and 10,080 minutes."]
        cold = _settings(client, REMINDERS)["LEAD_NOT_CONTACTED"]
        r = client.put(f"{REMINDERS}/{cold['id']}", json=_body(cold, leadMinutes=30), headers=headers)
        assert r.status_code == 422 and r.json()["messages"] == ["Lead not contacted has no lead time."]

    @pytest.mark.parametrize(("changes", "messages"), [
        ({"channel": ["SMS"]}, ["'SMS' is not a channel: use IN_APP or EMAIL."]),
        ({"recipientList": ["APPROVERS"]}, ["'APPROVERS' is not a recipient of PID generated."]),
        ({"recipientList": []}, ["Choose at least one recipient, or no channel to send nothing."]),
        ({"recipientList": ["USERS"]}, ["Choose at least one user for Named users."]),
        ({"userIds": [999999], "recipientList": ["SALES_PERSON", "USERS"]},
         ["These users do not exist or are inactive: 999999."]),
        ({"messageTemplate": "{{ pid "},
         ["The template has a syntax error on line 1: unexpected end of template, expected 'end of print "
          "statement'."]),
        ({"messageTemplate": "{{ pid }} for {{ amount }} {{ owner }}"},
         ["The template uses 'amount', 'owner', which are not among this action's variables: pid, project, client, "
          "sales_person, recipient."]),
        ({"messageTemplate": "{% for c in project %}{{ c }}{% endfor %}"},
         ["Templates may use variables, filters and 'if' only; 'for' is not allowed."]),
        ({"messageTemplate": "{% set twice = project ~ project %}{{ twice }}"},
         ["Templates may use variables, filters and 'if' only; 'set' is not allowed."]),
        ({"messageTemplate": "{{ project|center(100000000) }}"},
         ["The template uses the filter 'center', which is not among those allowed: abs, capitalize, d, default, "
          "first, float, int, last, length, lower, round, string, striptags, title, trim, truncate, upper, "
          "wordcount."]),
        ({"messageTemplate": "{{ project.ljust(100000000) }}"},
         ["The template could not be rendered: access to attribute 'ljust' of 'str' object is unsafe."]),
        ({"messageTemplate": "{{ ((999 ** 64) ** 64) ** 64 }}"},
         ["The template could not be rendered: the power is too large."]),
        ({"messageTemplate": "{{ '%0999999d' % 1 }}"},
         ["The template could not be rendered: '%' formatting is not allowed."]),
        ({"messageTemplate": "{% include 'secrets.txt' %}"},
         ["Templates may use variables, filters and 'if' only; 'include' is not allowed."]),
        ({"messageTemplate": "{{ pid.__class__.__mro__ }}"},
         ["The template could not be rendered: access to attribute '__class__' of 'str' object is unsafe."]),
        ({"messageTemplate": "{{ client.upper() }} ready"},
         ["The template could not be rendered: 'None' has no attribute 'upper'."]),
        ({"messageTemplate": "{{ 'ha' * 100000 }}"}, ["The template could not be rendered: the repetition is too "
                                                      "long."]),
        ({"messageTemplate": "{% if false %}{{ pid }}{% endif %}"}, ["The template renders an empty message."]),
        ({"messageTemplate": "   "}, ["A message template is required."]),
        ({"messageTemplate": "{{ project }}" * 90}, ["The message is longer than 1,000 characters."]),
        ({"messageTemplate": "x" * 2001}, ["The template is longer than 2,000 characters."]),
    ])
    def test_a_wrong_change_is_refused_whole_with_what_is_wrong(self, client: TestClient, db: Session,
                                                                 changes: dict[str, Any],
                                                                 messages: list[str]) -> None:
        headers = auth(client, "admin")
        pid = _settings(client, NOTIFICATIONS)["PID_GENERATED"]
        before = db.get(NotificationSetting, pid["id"])
        assert before is not None
        template = before.message_template
        r = client.put(f"{NOTIFICATIONS}/{pid['id']}", json=_body(pid, **changes), headers=headers)
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == messages
        db.refresh(before)
        assert before.message_template == template and before.channels == ["IN_APP"]

    def test_every_problem_is_named_at_once(self, client: TestClient) -> None:
        starting = _settings(client, REMINDERS)["SCHEDULE_STARTING"]
        r = client.put(f"{REMINDERS}/{starting['id']}", headers=auth(client, "admin"), json=_body(
            starting, recipientList=[], leadMinutes=1, messageTemplate="{{ nope }}"))
        assert r.json()["messages"] == [
            "Choose at least one recipient, or no channel to send nothing.",
            "The lead time must be between 5 and 10,080 minutes.",
            "The template uses 'nope', which is not among this action's variables: activity, project, client, time, "
            "minutes, sales_person, recipient."]

    def test_no_channel_sends_nothing_and_needs_no_recipient(self, client: TestClient) -> None:
        decided = _settings(client, NOTIFICATIONS)["REQUEST_DECIDED"]
        r = client.put(f"{NOTIFICATIONS}/{decided['id']}", json=_body(decided, channel=[], recipientList=[]),
                       headers=auth(client, "admin"))
        assert r.status_code == 200 and r.json()["results"]["recipientList"] == []


class TestPreview:
    def test_a_template_is_rendered_with_the_sample_values(self, client: TestClient) -> None:
        r = client.post(f"{REMINDERS}/preview", headers=auth(client, "admin"), json={
            "reminderAction": "SCHEDULE_STARTING",
            "messageTemplate": "{{ activity|upper }} in {{ minutes }} min{% if client %} at {{ client }}{% endif %}"})
        assert r.status_code == 200
        assert r.json()["results"]["message"] == "MEETING in 30 min at PT Maju"

    def test_a_refused_template_answers_what_saving_would(self, client: TestClient) -> None:
        r = client.post(f"{NOTIFICATIONS}/preview", headers=auth(client, "admin"),
                        json={"notificationAction": "REQUEST_APPROVED", "messageTemplate": "{{ request"})
        assert r.status_code == 422
        assert r.json()["messages"][0].startswith("The template has a syntax error on line 1")

    def test_an_action_of_the_other_family_is_not_previewed(self, client: TestClient) -> None:
        r = client.post(f"{NOTIFICATIONS}/preview", headers=auth(client, "admin"),
                        json={"notificationAction": "SCHEDULE_STARTING", "messageTemplate": "x"})
        assert r.status_code == 404 and r.json()["messages"] == ["Unknown action 'SCHEDULE_STARTING'."]

    def test_people_lists_active_users(self, client: TestClient, db: Session) -> None:
        r = client.get(f"{REMINDERS}/people", headers=auth(client, "admin"))
        names = [p["fullname"] for p in r.json()["results"]]
        assert "Budi Santoso" in names and names == sorted(names)


def test_every_default_template_is_one_its_action_accepts() -> None:
    from api.notifications import templating

    for action in ACTIONS.values():
        assert templating.errors(action, action.default_template) == [], action.code
