"""Out of office (approval delegations): an approver keeps their own, an administrator anyone's; the rules refuse
with clear messages. The engine's look-ups (delegate_of, active_delegations_for_delegate) read what was saved."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.approvals import delegates
from api.core.times import day_text
from tests.conftest import auth

URL = "/api/approval-delegations"
SOON = date.today() + timedelta(days=30)


def day(offset: int) -> str:
    return (SOON + timedelta(days=offset)).isoformat()


@pytest.fixture
def ids(db: Any) -> dict[str, int]:
    return dict(db.execute(text("select username, id from users")).all())


def delegate(client: TestClient, user: str, body: dict[str, Any]) -> Any:
    return client.post(URL, json=body, headers=auth(client, user))


class TestListDelegations:
    def test_anonymous_and_sales_people_are_refused(self, client: TestClient) -> None:
        assert client.get(URL).status_code == 401
        assert client.get(URL, headers=auth(client, "sales1")).status_code == 403

    def test_an_approver_sees_their_own_and_those_they_stand_in_for(self, client: TestClient,
                                                                   ids: dict[str, int]) -> None:
        assert delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0),
                                              "endsOn": day(4)}).status_code == 200
        assert delegate(client, "tl1", {"delegateId": ids["tl2"], "startsOn": day(0), "endsOn": day(4)}).status_code \
            == 200
        mine = client.get(URL, headers=auth(client, "approver1")).json()["results"]["data"]
        assert [(d["delegatorName"], d["delegateName"], d["state"]) for d in mine] == [
            ("Hendra Gunawan", "Maya Kusuma", "UPCOMING")]
        theirs = client.get(URL, headers=auth(client, "approver2")).json()["results"]["data"]
        assert [d["delegatorName"] for d in theirs] == ["Hendra Gunawan"]
        assert client.get(URL, params={"everyone": True}, headers=auth(client, "approver1")).status_code == 403
        everyone = client.get(URL, params={"everyone": True}, headers=auth(client, "admin")).json()["results"]["data"]
        assert {"Hendra Gunawan", "Budi Santoso"} <= {d["delegatorName"] for d in everyone}

    def test_people_to_pick_from(self, client: TestClient) -> None:
        """Only people who can decide in the approval queue: a sales person named would be refused there."""
        people = client.get(f"{URL}/people", headers=auth(client, "approver1")).json()["results"]
        assert "Maya Kusuma" in {p["fullname"] for p in people}
        assert {p["roleName"] for p in people} <= {"ADMIN", "APPROVER", "TL", "TOP_MANAGEMENT"}
        assert all(p["canDecide"] for p in people) and "Andi Pratama" not in {p["fullname"] for p in people}


    def test_the_list_pages_current_then_upcoming_then_past(self, client: TestClient, db: Any,
                                                            ids: dict[str, int]) -> None:
        today = delegates.today()
        # (first day, last day) from today: two past, one current, three upcoming (written as they are, unchecked)
        periods = [(-30, -20), (-9, -5), (-1, 1), (40, 41), (10, 12), (20, 22)]
        made = [db.execute(text(
            "insert into approval_delegations (delegator_id, delegate_id, starts_on, ends_on, note) "
            "values (:a, :b, :s, :e, :n) returning id"),
            {"a": ids["approver1"], "b": ids["approver2"], "s": today + timedelta(days=a),
             "e": today + timedelta(days=b), "n": f"Paged {a}"}).scalar_one() for a, b in periods]
        db.commit()
        by_start = dict(zip([a for a, _ in periods], made, strict=True))
        expected = [by_start[-1], by_start[10], by_start[20], by_start[40], by_start[-9], by_start[-30]]
        pages = []
        for offset in (0, 4):
            r = client.get(URL, params={"limit": 4, "offset": offset, "search": "paged"},
                           headers=auth(client, "approver1"))
            assert r.status_code == 200, r.text
            assert r.json()["results"]["totalRows"] == 6
            pages.append([d["id"] for d in r.json()["results"]["data"]])
        assert [len(p) for p in pages] == [4, 2] and pages[0] + pages[1] == expected
        states = [d["state"] for d in client.get(URL, params={"limit": 6, "search": "paged"},
                                                 headers=auth(client, "approver1")).json()["results"]["data"]]
        assert states == ["CURRENT", "UPCOMING", "UPCOMING", "UPCOMING", "PAST", "PAST"]
        r = client.get(URL, params={"sort": "endsOn", "desc": True, "search": "paged"},
                       headers=auth(client, "approver1"))
        assert r.json()["results"]["data"][0]["id"] == by_start[40]
        r = client.get(URL, params={"sort": "nope"}, headers=auth(client, "approver1"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Unknown sort field 'nope'. Allowed: endsOn, startsOn."]


class TestCreateDelegation:
    def test_an_approver_sets_their_own(self, client: TestClient, ids: dict[str, int]) -> None:
        r = delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(2),
                                           "requestType": "HOLD_LEAD", "note": " Leave "})
        assert r.status_code == 200, r.text
        saved = r.json()["results"]
        assert saved["delegatorId"] == ids["approver1"] and saved["createdByName"] == "Hendra Gunawan"
        assert saved["requestType"] == "HOLD_LEAD" and saved["note"] == "Leave" and saved["state"] == "UPCOMING"

    def test_an_approver_may_not_set_anothers(self, client: TestClient, ids: dict[str, int]) -> None:
        r = delegate(client, "approver1", {"delegatorId": ids["approver2"], "delegateId": ids["tl1"],
                                           "startsOn": day(0), "endsOn": day(2)})
        assert r.status_code == 403
        assert r.json()["messages"] == ["You can only set your own delegations."]

    def test_an_administrator_sets_anyones(self, client: TestClient, ids: dict[str, int]) -> None:
        r = delegate(client, "admin", {"delegatorId": ids["approver2"], "delegateId": ids["tl1"],
                                       "startsOn": day(0), "endsOn": day(2)})
        assert r.status_code == 200, r.text
        assert r.json()["results"]["delegatorName"] == "Maya Kusuma"
        assert r.json()["results"]["createdByName"] == "Adi Nugroho"

    def test_a_sales_person_is_refused(self, client: TestClient, ids: dict[str, int]) -> None:
        r = delegate(client, "sales1", {"delegateId": ids["sales2"], "startsOn": day(0), "endsOn": day(2)})
        assert r.status_code == 403

    def test_missing_and_wrong_fields_have_their_messages(self, client: TestClient, ids: dict[str, int]) -> None:
        r = delegate(client, "approver1", {})
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please choose the delegate.", "Please choose the first day.",
                                        "Please choose the last day."]
        r = delegate(client, "approver1", {"delegateId": ids["approver1"], "startsOn": day(3), "endsOn": day(1)})
        assert r.status_code == 422
        assert r.json()["messages"] == ["The delegate must be someone other than the approver.",
                                        "The last day cannot be before the first day."]
        r = delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": "2001-01-01",
                                           "endsOn": "2001-01-02"})
        assert r.status_code == 422 and r.json()["messages"] == ["The last day cannot be in the past."]
        r = delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(1),
                                           "requestType": "NOPE"})
        assert r.status_code == 422

    def test_the_delegate_must_be_active(self, client: TestClient, db: Any, ids: dict[str, int]) -> None:
        db.execute(text("update users set is_active = false where username = 'sales6'"))
        db.commit()
        r = delegate(client, "approver1", {"delegateId": ids["sales6"], "startsOn": day(0), "endsOn": day(1)})
        assert r.status_code == 422 and r.json()["messages"] == ["The delegate must be an active user."]

    def test_the_delegate_must_be_able_to_decide(self, client: TestClient, ids: dict[str, int]) -> None:
        """approver2 standing in with sales1 was accepted, and sales1 was then refused at the queue: the work
        waited unseen. Refused when it is set, by an approver and by an administrator alike."""
        for user, body in (("approver2", {}), ("admin", {"delegatorId": ids["approver2"]})):
            r = delegate(client, user, {**body, "delegateId": ids["sales1"], "startsOn": day(0), "endsOn": day(1)})
            assert r.status_code == 422, r.text
            assert r.json()["messages"] == [
                "The delegate must be someone who can decide on requests (their role opens the approval queue to "
                "decide)."]

    def test_overlapping_delegations_of_one_approver_are_refused(self, client: TestClient,
                                                                 ids: dict[str, int]) -> None:
        body = {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(4), "requestType": "HOLD_LEAD"}
        assert delegate(client, "approver1", body).status_code == 200
        # another type in the same days is fine; the same type, or every type, is not
        assert delegate(client, "approver1", {**body, "requestType": "DROP_LEAD", "delegateId": ids["tl1"]}) \
            .status_code == 200
        clash = delegate(client, "approver1", {**body, "startsOn": day(4), "endsOn": day(6), "delegateId": ids["tl2"]})
        assert clash.status_code == 409
        assert clash.json()["messages"] == [
            f"Hendra Gunawan already delegates holds from {day_text(SOON)} to "
            f"{day_text(SOON + timedelta(days=4))} to Maya Kusuma: change that delegation, or choose days or a "
            "request type it does not cover."]
        every = delegate(client, "approver1", {**body, "requestType": None, "startsOn": day(2), "endsOn": day(2)})
        assert every.status_code == 409 and len(every.json()["messages"]) == 2
        assert delegate(client, "approver1", {**body, "startsOn": day(5), "endsOn": day(6)}).status_code == 200

    def test_no_chains(self, client: TestClient, ids: dict[str, int]) -> None:
        assert delegate(client, "approver2", {"delegateId": ids["tl1"], "startsOn": day(2),
                                              "endsOn": day(3)}).status_code == 200
        r = delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(2),
                                           "requestType": "CLOSE_LEAD"})
        assert r.status_code == 409
        assert r.json()["messages"] == [
            f"Maya Kusuma is delegating every request themselves from {day_text(SOON + timedelta(days=2))} to "
            f"{day_text(SOON + timedelta(days=3))}: choose someone who is in during these days."]
        assert delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0),
                                              "endsOn": day(1)}).status_code == 200


class TestUpdateAndDeleteDelegation:
    def test_own_or_administrator_only(self, client: TestClient, ids: dict[str, int]) -> None:
        body = {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(2)}
        saved = delegate(client, "approver1", body).json()["results"]
        url = f"{URL}/{saved['id']}"
        assert client.put(url, json=body, headers=auth(client, "tl1")).status_code == 404
        assert client.delete(url, headers=auth(client, "tl1")).status_code == 404
        assert client.put(url, json=body, headers=auth(client, "sales1")).status_code == 403
        moved = client.put(url, json={**body, "endsOn": day(5), "note": "Extended"},
                           headers=auth(client, "approver1"))
        assert moved.status_code == 200 and moved.json()["results"]["endsOn"] == day(5)
        # changing it does not clash with itself; an administrator may change it too
        assert client.put(url, json={**body, "delegateId": ids["tl1"]}, headers=auth(client, "admin")).status_code \
            == 200
        stolen = client.put(url, json={**body, "delegatorId": ids["approver2"]}, headers=auth(client, "approver1"))
        assert stolen.status_code == 403
        removed = client.delete(url, headers=auth(client, "approver1"))
        assert removed.status_code == 200
        assert removed.json()["results"]["message"] == "The delegation to Budi Santoso has been removed."
        assert client.delete(url, headers=auth(client, "admin")).status_code == 404


def test_the_engines_look_ups(client: TestClient, db: Any, ids: dict[str, int]) -> None:
    assert delegate(client, "approver1", {"delegateId": ids["approver2"], "startsOn": day(0), "endsOn": day(2),
                                          "requestType": "HOLD_LEAD"}).status_code == 200
    assert delegate(client, "approver1", {"delegateId": ids["tl1"], "startsOn": day(0), "endsOn": day(2),
                                          "requestType": "DROP_LEAD"}).status_code == 200
    db.expire_all()
    approver1 = ids["approver1"]
    assert delegates.standing_in(db, "HOLD_LEAD", [approver1], on=SOON) == {approver1: ids["approver2"]}
    assert delegates.standing_in(db, "CLOSE_LEAD", [ids["approver1"]], on=SOON) == {}
    assert delegates.standing_in(db, "HOLD_LEAD", [ids["approver1"]], on=SOON + timedelta(days=3)) == {}
    assert delegates.delegators_of(db, ids["tl1"], "DROP_LEAD", on=SOON) == [ids["approver1"]]
    assert delegates.delegators_of(db, ids["tl1"], "HOLD_LEAD", on=SOON) == []
    assert delegates.delegators_of(db, ids["tl1"], "DROP_LEAD", on=SOON - timedelta(days=1)) == []
