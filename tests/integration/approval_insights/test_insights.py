"""Approval insights (system/approval-insights) on the real stack: five drop requests made and decided through the API
with a running worker on a two-layer pipeline of their own, their times then set in the database to a known week
(Monday 1 March 2021, with Thursday 4 March a holiday), and every figure of the screen, its filters, who may read it,
its XLSX book and the Prometheus gauges checked against them.

The week, in Jakarta's working hours (08:00-17:00):
- R1: made Mon 09:00; Check (approver1) approves Mon 12:00 (3 h); Sign-off (approver2) rejects Tue 10:00 (7 h), past
  its due Tue 09:00. The request: 10 h, rejected, late.
- R2: made Tue 09:00; Check approves Wed 16:00 (16 h), past its due Wed 09:00, escalated Wed 11:00; Sign-off
  approves Fri 09:00 (2 h: Thursday is a holiday). The request: 18 h, late.
- R3: made Wed 08:30; Check rejects Wed 09:00 (0.5 h). The request: 0.5 h, rejected.
- R4: made Mon 10:00, waits on Check (approver1), due Mon 17:00: overdue.
- R5: made Tue 14:00; Check approves Tue 15:00 (1 h), past its due Tue 14:30; waits on Sign-off (approver2) since."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from datetime import time as clock
from typing import Any
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, text

from api.approval_insights.metrics import COLLECTOR
from api.approvals.models import ApprovalPipeline, ApprovalRequest
from api.holidays.models import Holiday
from api.leads.models import Lead
from api.notifications.models import Notification
from tests.conftest import auth
from tests.integration.access.test_access_admin import tl_matrix  # noqa: F401  (fixture)
from tests.integration.approvals.test_approvals import wait_for
from tests.integration.test_metrics import samples

URL = "/api/approval-insights"
JAKARTA = ZoneInfo("Asia/Jakarta")
WEEK = {"from": "2021-03-01", "to": "2021-03-07"}
HOLIDAY = date(2021, 3, 4)
PROJECT = "Insights test lead"
PIPELINE = "Insights drop check"
FAR = datetime(2099, 1, 1, tzinfo=UTC)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """A moment of the week of 1 March 2021, Jakarta's wall clock."""
    return datetime(2021, 3, day, hour, minute, tzinfo=JAKARTA)


def working_hours(start: datetime, end: datetime, holidays: set[date]) -> float:
    """The test's own count of working hours (08:00-17:00 Jakarta, Monday to Friday, holidays skipped), day by day."""
    total, day = 0.0, start.astimezone(JAKARTA).date()
    while day <= end.astimezone(JAKARTA).date():
        if day.weekday() < 5 and day not in holidays:
            opens = datetime.combine(day, clock(8), JAKARTA)
            closes = datetime.combine(day, clock(17), JAKARTA)
            total += max(0.0, (min(end, closes) - max(start, opens)).total_seconds())
        day += timedelta(days=1)
    return total / 3600


def results(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()["results"]


@dataclass
class Scenario:
    users: dict[str, int]
    names: dict[str, str]
    pipeline_id: int
    requests: dict[str, int]

    def holidays(self, live: TestClient) -> set[date]:
        with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
            return set(session.scalars(select(Holiday.day)))


def _status(live: TestClient, request_id: int) -> str:
    with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
        return str(session.get(ApprovalRequest, request_id).status)  # type: ignore[union-attr]


def _in_queue(live: TestClient, user: str, request_id: int) -> bool:
    rows = results(live.get("/api/approval", headers=auth(live, user)))["data"]
    return any(q["approvalId"] == request_id for q in rows)


def _request_drop(live: TestClient, lead_id: int) -> int:
    r = live.post(f"/api/leads/{lead_id}/approval-requests", headers=auth(live, "sales1"),
                  json={"requestType": "DROP_LEAD", "notes": "The client chose another vendor"})
    assert r.status_code == 200, r.text
    return int(r.json()["results"]["approvalId"])


def _decide(live: TestClient, user: str, request_id: int, action: str) -> None:
    wait_for(lambda: _in_queue(live, user, request_id))
    body = {"approversAction": action, "note": "Not this time" if action == "REJECTED" else "Fine"}
    r = live.put(f"/api/approval/{request_id}/handle-hold", json=body, headers=auth(live, user))
    assert r.status_code in (200, 202), r.text


# the times of the week, written over what the API recorded: (request, layer, approver) -> queued, decided
TASKS: dict[tuple[str, int, str], tuple[datetime, datetime | None]] = {
    ("R1", 0, "approver1"): (at(1, 9), at(1, 12)), ("R1", 1, "approver2"): (at(1, 12), at(2, 10)),
    ("R2", 0, "approver1"): (at(2, 9), at(3, 16)), ("R2", 1, "approver2"): (at(3, 16), at(5, 9)),
    ("R3", 0, "approver1"): (at(3, 8, 30), at(3, 9)),
    ("R4", 0, "approver1"): (at(1, 10), None),
    ("R5", 0, "approver1"): (at(2, 14), at(2, 15)), ("R5", 1, "approver2"): (at(2, 15), None),
}
REQUESTS: dict[str, tuple[datetime, datetime | None]] = {
    "R1": (at(1, 9), at(2, 10)), "R2": (at(2, 9), at(5, 9)), "R3": (at(3, 8, 30), at(3, 9)),
    "R4": (at(1, 10), None), "R5": (at(2, 14), None)}


def _clocks(topmanager: int) -> dict[str, dict[str, Any]]:
    iso = datetime.isoformat
    return {
        "R1": {"0": {"dueAt": iso(at(1, 17))}, "1": {"dueAt": iso(at(2, 9))}},
        "R2": {"0": {"dueAt": iso(at(3, 9)), "escalatedAt": iso(at(3, 11)), "escalatedTo": topmanager,
                     "escalatedToName": "Ratna Wijaya"}},
        "R3": {},
        "R4": {"0": {"dueAt": iso(at(1, 17))}},
        "R5": {"0": {"dueAt": iso(at(2, 14, 30))}, "1": {"dueAt": iso(FAR)}},
    }


def _set_times(live: TestClient, scenario: Scenario) -> None:
    with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
        clocks = _clocks(scenario.users["topmanager"])
        for name, (made, decided) in REQUESTS.items():
            request = session.get(ApprovalRequest, scenario.requests[name])
            assert request is not None
            request.requested_at, request.decided_at, request.clocks = made, decided, clocks[name]
        for (name, layer, user), (queued, decided) in TASKS.items():
            keys = {"r": scenario.requests[name], "l": layer, "a": scenario.users[user]}
            done = session.execute(text("update approval_tasks set created_at = :at where request_id = :r "
                                        "and layer_index = :l and approver_id = :a"), {**keys, "at": queued})
            assert done.rowcount == 1, (name, layer, user)  # type: ignore[attr-defined]
            if decided is not None:
                done = session.execute(text("update approval_decisions set decided_at = :at where request_id = :r "
                                            "and layer_index = :l and approver_id = :a"), {**keys, "at": decided})
                assert done.rowcount == 1, (name, layer, user)  # type: ignore[attr-defined]
        session.commit()


@pytest.fixture(scope="module")
def scenario(app_client: TestClient, worker: None) -> Iterator[Scenario]:
    live = app_client
    live.headers.clear()
    with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
        rows = session.execute(text("select username, id, fullname from users")).all()
    users, names = {u: i for u, i, _ in rows}, {u: n for u, _, n in rows}
    admin = auth(live, "admin")
    pipeline = results(live.post("/api/approval-pipelines", headers=admin, json={
        "name": PIPELINE, "pipelineActionType": "DROP_LEAD", "salesPersons": [users["sales1"]],
        "layers": [{"name": "Check", "mode": "ANY_USER", "approvers": [users["approver1"]]},
                   {"name": "Sign-off", "mode": "ANY_USER", "approvers": [users["approver2"]]}]}))
    holiday = results(live.post("/api/holidays", headers=admin, json={"day": HOLIDAY.isoformat(),
                                                                     "name": "Insights test holiday"}))
    sales = auth(live, "sales1")
    client_id = results(live.get("/api/master-data/clients", headers=sales))[0]["id"]
    leads = [results(live.post("/api/leads", headers=sales, json={"clientId": client_id,
                                                                  "projectName": f"{PROJECT} {n}"}))["id"]
             for n in "ABC"]
    made = Scenario(users=users, names=names, pipeline_id=pipeline["id"], requests={})
    try:
        made.requests["R1"] = r1 = _request_drop(live, leads[0])
        _decide(live, "approver1", r1, "APPROVED")
        _decide(live, "approver2", r1, "REJECTED")
        wait_for(lambda: _status(live, r1) == "REJECTED")
        made.requests["R2"] = r2 = _request_drop(live, leads[0])
        _decide(live, "approver1", r2, "APPROVED")
        _decide(live, "approver2", r2, "APPROVED")
        wait_for(lambda: _status(live, r2) == "APPROVED")
        made.requests["R3"] = r3 = _request_drop(live, leads[1])
        _decide(live, "approver1", r3, "REJECTED")
        wait_for(lambda: _status(live, r3) == "REJECTED")
        made.requests["R4"] = r4 = _request_drop(live, leads[1])
        wait_for(lambda: _in_queue(live, "approver1", r4))
        made.requests["R5"] = r5 = _request_drop(live, leads[2])
        _decide(live, "approver1", r5, "APPROVED")
        wait_for(lambda: _in_queue(live, "approver2", r5))
        _set_times(live, made)
        yield made
    finally:
        admin = auth(live, "admin")
        for name in ("R4", "R5"):  # their workflows end
            if name in made.requests:
                live.post(f"/api/lead-approval/{made.requests[name]}/withdraw", headers=admin,
                          json={"reason": "Insights test done"})
                wait_for(lambda n=name: _status(live, made.requests[n]) == "WITHDRAWN")  # type: ignore[misc]
        live.delete(f"/api/holidays/{holiday['id']}", headers=admin)
        with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
            session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
            session.execute(delete(Lead).where(Lead.id.in_(leads)))
            session.execute(delete(ApprovalPipeline).where(ApprovalPipeline.id == made.pipeline_id))
            session.commit()
        live.app.state.redis.flushdb()  # type: ignore[attr-defined]


def insights(live: TestClient, user: str = "admin", **params: Any) -> dict[str, Any]:
    return results(live.get(URL, headers=auth(live, user), params={**WEEK, "requestType": "DROP_LEAD", **params}))  # type: ignore[no-any-return]


def figures(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("decided", "rejected", "rejectionRate", "p50Hours", "p90Hours", "late", "escalations", "pending",
            "overdue")
    return {k: row[k] for k in keys}


def test_every_figure_of_the_week(live: TestClient, scenario: Scenario) -> None:
    answer = insights(live, teamLeaderId=scenario.users["tl1"])
    holidays = scenario.holidays(live)
    now = datetime.now(UTC)
    r4_age = working_hours(at(1, 10), now, holidays)
    r5_layer_age = working_hours(at(2, 15), now, holidays)
    assert (answer["periodStart"], answer["periodEnd"]) == ("2021-03-01", "2021-03-07")
    assert answer["workingDay"] == {"start": "08:00", "end": "17:00", "hours": 9.0, "timeZone": "Asia/Jakarta",
                                    "note": "Times are working hours: Monday to Friday, 08:00-17:00 (Asia/Jakarta), "
                                            "holidays skipped; a working day is 9 hours."}

    # per pipeline: R1 10 h, R2 18 h, R3 0.5 h; two rejected, two late, R2 escalated; R4 and R5 wait
    (pipeline,) = answer["pipelines"]
    assert (pipeline["pipelineId"], pipeline["pipelineName"], pipeline["actionType"]) == (
        scenario.pipeline_id, PIPELINE, "DROP_LEAD")
    week = {"decided": 3, "rejected": 2, "rejectionRate": 66.67, "p50Hours": 10.0, "p90Hours": 16.4, "late": 2,
            "escalations": 1, "pending": 2, "overdue": 1}
    assert figures(pipeline) == week
    assert pipeline["oldestPendingHours"] == pytest.approx(r4_age, abs=0.02)
    assert figures(answer["totals"]) == week

    # per layer: Check settled R1 3 h, R2 16 h, R3 0.5 h, R5 1 h; Sign-off R1 7 h, R2 2 h (Thursday a holiday)
    check, sign_off = answer["layers"]
    assert (check["layerIndex"], check["layerName"], sign_off["layerIndex"], sign_off["layerName"]) == (
        0, "Check", 1, "Sign-off")
    assert figures(check) == {"decided": 4, "rejected": 1, "rejectionRate": 25.0, "p50Hours": 2.0, "p90Hours": 12.1,
                              "late": 2, "escalations": 1, "pending": 1, "overdue": 1}
    assert check["oldestPendingHours"] == pytest.approx(r4_age, abs=0.02)
    assert figures(sign_off) == {"decided": 2, "rejected": 1, "rejectionRate": 50.0, "p50Hours": 4.5,
                                 "p90Hours": 6.5, "late": 1, "escalations": 0, "pending": 1, "overdue": 0}
    assert sign_off["oldestPendingHours"] == pytest.approx(r5_layer_age, abs=0.02)

    # per approver: approver1 decided Check, and R2's escalation passed over them; approver2 Sign-off
    first, second = answer["approvers"]
    assert (first["approverName"], second["approverName"]) == (scenario.names["approver1"],
                                                               scenario.names["approver2"])
    assert figures(first) == {"decided": 4, "rejected": 1, "rejectionRate": 25.0, "p50Hours": 2.0, "p90Hours": 12.1,
                              "late": 2, "escalations": 1, "pending": 1, "overdue": 1}
    assert figures(second) == {"decided": 2, "rejected": 1, "rejectionRate": 50.0, "p50Hours": 4.5,
                               "p90Hours": 6.5, "late": 1, "escalations": 0, "pending": 1, "overdue": 0}
    assert second["oldestPendingHours"] == pytest.approx(r5_layer_age, abs=0.02)

    # the oldest pending, with who holds them
    r4, r5 = answer["oldestPending"]
    assert {k: r4[k] for k in ("requestId", "requestType", "requestTypeLabel", "pipelineName", "layerIndex",
                               "layerName", "requesterName", "overdue", "escalatedTo", "holders")} == {
        "requestId": scenario.requests["R4"], "requestType": "DROP_LEAD", "requestTypeLabel": "Drop Lead",
        "pipelineName": PIPELINE, "layerIndex": 0, "layerName": "Check", "requesterName": scenario.names["sales1"],
        "overdue": True, "escalatedTo": None, "holders": [scenario.names["approver1"]]}
    assert datetime.fromisoformat(r4["requestedAt"]) == at(1, 10)
    assert datetime.fromisoformat(r4["dueAt"]) == at(1, 17)
    assert r4["ageHours"] == pytest.approx(r4_age, abs=0.02)
    assert (r5["requestId"], r5["layerName"], r5["overdue"], r5["holders"]) == (
        scenario.requests["R5"], "Sign-off", False, [scenario.names["approver2"]])
    assert datetime.fromisoformat(r5["layerSince"]) == at(2, 15)
    # and the oracle of the figures above is the test's own count of working hours
    assert working_hours(*REQUESTS["R2"], holidays) == 18  # type: ignore[arg-type]


def test_the_filters(live: TestClient, scenario: Scenario) -> None:
    mine = scenario.pipeline_id
    # another type, another team: none of the week's requests
    assert all(p["pipelineId"] != mine for p in insights(live, requestType="HOLD_LEAD")["pipelines"])
    other_team = insights(live, teamLeaderId=scenario.users["tl2"])
    assert other_team["pipelines"] == other_team["layers"] == other_team["approvers"] == []
    assert other_team["oldestPending"] == []
    assert figures(other_team["totals"]) == {"decided": 0, "rejected": 0, "rejectionRate": None, "p50Hours": None,
                                             "p90Hours": None, "late": 0, "escalations": 0, "pending": 0, "overdue": 0}
    # without a team filter the week's requests are there too
    assert any(p["pipelineId"] == mine for p in insights(live)["pipelines"])
    # a team is the leader's whole subtree, as the leads' scoping counts it: sales1 is two levels below topmanager
    assert any(p["pipelineId"] == mine for p in insights(live, teamLeaderId=scenario.users["topmanager"])["pipelines"])
    # the week after: nothing decided, the same two pending now (pending is now, whatever the period)
    later = insights(live, teamLeaderId=scenario.users["tl1"], **{"from": "2021-03-08", "to": "2021-03-14"})
    (pipeline,) = later["pipelines"]
    assert figures(pipeline) == {"decided": 0, "rejected": 0, "rejectionRate": None, "p50Hours": None,
                                 "p90Hours": None, "late": 0, "escalations": 0, "pending": 2, "overdue": 1}
    # Monday and Tuesday only: R1's request decided Tuesday, R2's escalation Wednesday is out
    two_days = insights(live, teamLeaderId=scenario.users["tl1"], **{"from": "2021-03-01", "to": "2021-03-02"})
    assert {k: two_days["pipelines"][0][k] for k in ("decided", "p50Hours", "escalations")} == {
        "decided": 1, "p50Hours": 10.0, "escalations": 0}
    assert [(x["layerName"], x["decided"]) for x in two_days["layers"]] == [("Check", 2), ("Sign-off", 1)]
    # the default period is the last 30 days, today included
    default = results(live.get(URL, headers=auth(live, "admin")))
    assert date.fromisoformat(default["periodEnd"]) - date.fromisoformat(default["periodStart"]) == timedelta(29)


def test_refused_periods_and_types(live: TestClient) -> None:
    admin = auth(live, "admin")
    backwards = live.get(URL, headers=admin, params={"from": "2021-03-07", "to": "2021-03-01"})
    assert (backwards.status_code, backwards.json()["messages"]) == (422, ["The period must end on or after its "
                                                                           "start."])
    too_long = live.get(URL, headers=admin, params={"from": "2020-01-01", "to": "2021-03-01"})
    assert (too_long.status_code, too_long.json()["messages"]) == (422, ["The period can be at most 366 days."])
    for first, last in (("0001-01-01", "0001-01-02"), ("9999-12-30", "9999-12-31")):
        far = live.get(URL, headers=admin, params={"from": first, "to": last})
        assert (far.status_code, far.json()["messages"]) == (422, ["The period must fall between 2000 and 2100."])
    assert live.get(URL, headers=admin, params={"requestType": "NOT_A_TYPE"}).status_code == 422
    assert live.get(f"{URL}/download", headers=admin, params={"from": "2021-03-07", "to": "2021-03-01"}
                    ).status_code == 422


def test_filter_options(live: TestClient, scenario: Scenario) -> None:
    options = results(live.get(f"{URL}/filter-options", headers=auth(live, "admin")))
    assert [t["value"] for t in options["requestTypes"]] == ["CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD",
                                                             "CLOSE_LEAD", "PCS"]
    assert {"id": scenario.users["tl1"], "fullname": scenario.names["tl1"]} in options["teams"]
    assert options["defaultDays"] == 30


@pytest.mark.usefixtures("scenario")
class TestAccess:
    def test_anonymous_is_refused(self, live: TestClient) -> None:
        for path in (URL, f"{URL}/filter-options", f"{URL}/download"):
            assert live.get(path).status_code == 401, path

    def test_a_sales_person_is_refused(self, live: TestClient) -> None:
        for path in (URL, f"{URL}/filter-options", f"{URL}/download"):
            r = live.get(path, headers=auth(live, "sales1"))
            assert r.status_code == 403, path
            assert r.json()["page"] == "system/approval-insights"

    def test_a_role_granted_the_page_reads_its_own_leads(self, live: TestClient, scenario: Scenario,
                                                         tl_matrix: dict[str, Any]) -> None:  # noqa: F811
        assert live.get(URL, headers=auth(live, "tl1")).status_code == 403
        pages = [{k: p[k] for k in ("code", "isRead", "isWrite", "isEdit", "isDelete")} for p in tl_matrix["pages"]]
        granted = next(p for p in pages if p["code"] == "system/approval-insights")
        granted["isRead"] = True
        results(live.post("/api/page-access", headers=auth(live, "admin"),
                          json={"roleId": tl_matrix["role"]["id"], "pages": pages}))
        mine = insights(live, "tl1")
        assert [p["pipelineId"] for p in mine["pipelines"]] == [scenario.pipeline_id]
        assert figures(mine["pipelines"][0])["decided"] == 3
        # tl2 reads the page too, over the leads of their own team only
        theirs = insights(live, "tl2")
        assert theirs["pipelines"] == [] and theirs["oldestPending"] == []
        assert live.get(f"{URL}/filter-options", headers=auth(live, "tl1")).status_code == 200
        assert live.get(f"{URL}/download", headers=auth(live, "tl1"), params=WEEK).status_code == 200


def test_the_xlsx_book(live: TestClient, scenario: Scenario) -> None:
    r = live.get(f"{URL}/download", headers=auth(live, "admin"),
                 params={**WEEK, "requestType": "DROP_LEAD", "teamLeaderId": scenario.users["tl1"]})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert r.headers["content-disposition"] == 'attachment; filename="approval-insights-20210301-20210307.xlsx"'
    book = openpyxl.load_workbook(io.BytesIO(r.content))
    assert book.sheetnames == ["About", "Pipelines", "Layers", "Approvers", "Oldest pending"]

    def rows(name: str) -> list[tuple[Any, ...]]:
        return list(book[name].iter_rows(values_only=True))

    about = dict(rows("About")[1:])
    assert about["Approval insights"] == "1-Mar-2021 - 7-Mar-2021"
    assert (about["Request type"], about["Team"]) == ("Drop Lead", scenario.names["tl1"])
    assert about["Working hours"].startswith("Times are working hours: Monday to Friday, 08:00-17:00")
    header, pipeline, total = rows("Pipelines")
    assert header == ("Pipeline", "Type", "Decided", "Rejected", "Rejection rate", "Median (h)",
                      "90th percentile (h)", "Late", "Escalations", "Pending now", "Oldest pending (h)",
                      "Overdue now")
    assert pipeline[:10] == (PIPELINE, "Drop Lead", 3, 2, pytest.approx(0.6667), 10, pytest.approx(16.4), 2, 1, 2)
    assert pipeline[11] == 1
    assert total[:4] == ("All pipelines", None, 3, 2)
    assert book["Pipelines"]["E2"].number_format == "0.00%"
    assert book["Pipelines"]["F2"].number_format == "#,##0.0"
    layers = rows("Layers")[1:]
    assert [row[:8] for row in layers] == [
        (PIPELINE, "1. Check", 4, 1, 0.25, 2, pytest.approx(12.1), 2),
        (PIPELINE, "2. Sign-off", 2, 1, 0.5, 4.5, 6.5, 1)]
    approvers = rows("Approvers")[1:]
    assert [row[:4] for row in approvers] == [(scenario.names["approver1"], 4, 1, 0.25),
                                             (scenario.names["approver2"], 2, 1, 0.5)]
    oldest = rows("Oldest pending")[1:]
    assert [(row[0], row[3], row[5], row[7], row[8], row[9]) for row in oldest] == [
        (scenario.requests["R4"], "1. Check", datetime(2021, 3, 1, 10), datetime(2021, 3, 1, 17), "Yes",
         scenario.names["approver1"]),
        (scenario.requests["R5"], "2. Sign-off", datetime(2021, 3, 2, 14), datetime(2099, 1, 1, 7), "No",
         scenario.names["approver2"])]


def test_the_metrics_are_the_screens_figures(live: TestClient, scenario: Scenario) -> None:
    """Pending per layer now (R4 on Check, R5 on Sign-off) and, for the last 30 days, the pipelines' figures as the
    screen answers them for that period; R3 moved into it for the check, and back."""
    def gauges() -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
        COLLECTOR.forget()
        r = live.get("/api/metrics")
        assert r.status_code == 200
        return samples(r.text)

    mine = {"pipeline_id": str(scenario.pipeline_id), "pipeline": PIPELINE}
    page = gauges()
    check, sign_off = {**mine, "layer": "1. Check"}, {**mine, "layer": "2. Sign-off"}
    assert page[("crm_approval_requests_pending", frozenset(check.items()))] == 1
    assert page[("crm_approval_requests_overdue", frozenset(check.items()))] == 1
    assert page[("crm_approval_requests_pending", frozenset(sign_off.items()))] == 1
    assert page[("crm_approval_requests_overdue", frozenset(sign_off.items()))] == 0
    oldest = page[("crm_approval_pending_oldest_working_seconds", frozenset(check.items()))]
    assert oldest / 3600 == pytest.approx(working_hours(at(1, 10), datetime.now(UTC), scenario.holidays(live)),
                                          abs=0.02)

    r3 = scenario.requests["R3"]
    now = datetime.now(UTC)
    with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
        session.execute(text("update approval_requests set requested_at = :made, decided_at = :decided "
                             "where id = :r"), {"r": r3, "made": now - timedelta(days=3), "decided": now})
        session.commit()
    try:
        page = gauges()
        today = datetime.now(JAKARTA).date()
        screen = results(live.get(URL, headers=auth(live, "admin"), params={
            "from": (today - timedelta(days=29)).isoformat(), "to": today.isoformat()}))
        assert any(p["pipelineId"] == scenario.pipeline_id for p in screen["pipelines"])
        for p in screen["pipelines"]:
            labels = {"pipeline_id": str(p["pipelineId"]), "pipeline": p["pipelineName"]}
            for metric, figure in (("crm_approval_requests_decided", "decided"),
                                   ("crm_approval_requests_rejected", "rejected"),
                                   ("crm_approval_requests_late", "late"),
                                   ("crm_approval_escalations", "escalations")):
                assert page[(metric, frozenset(labels.items()))] == p[figure], (metric, p)
            for quantile, figure in (("0.5", "p50Hours"), ("0.9", "p90Hours")):
                key = ("crm_approval_decide_working_seconds", frozenset({**labels, "quantile": quantile}.items()))
                assert (round(page[key] / 3600, 2) if key in page else None) == p[figure], (quantile, p)
        assert page[("crm_approval_requests_decided", frozenset(mine.items()))] == 1
        assert page[("crm_approval_requests_rejected", frozenset(mine.items()))] == 1
    finally:
        with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
            session.execute(text("update approval_requests set requested_at = :made, decided_at = :decided "
                                 "where id = :r"), {"r": r3, "made": REQUESTS["R3"][0], "decided": REQUESTS["R3"][1]})
            session.commit()
        COLLECTOR.forget()
