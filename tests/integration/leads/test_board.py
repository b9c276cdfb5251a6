"""GET /api/leads (the board), /leads/list, pins, totalGp and filter options."""

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.core.schemas import Envelope
from api.lead_views.schemas import BoardColumn
from api.leads.models import Lead, Stage
from api.users.models import User
from tests.conftest import auth
from tests.integration.leads.conftest import new_lead


def board(client: TestClient, user: str, **params: Any) -> list[dict[str, Any]]:
    r = client.get("/api/leads", params=params, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def _team(db: Session, leader: str) -> list[int]:
    lead_user = db.query(User).filter_by(username=leader).one()
    return [u.id for u in db.query(User).filter(User.leader_id == lead_user.id)] + [lead_user.id]


class TestBoard:
    def test_columns_e1_to_e6_with_ongoing_leads_and_totals(self, client: TestClient, db: Session) -> None:
        columns = board(client, "topmanager")
        assert [c["stageName"] for c in columns] == ["E1", "E2", "E3", "E4", "E5", "E6"]
        assert [c["stageDescription"] for c in columns][:2] == ["Found", "Connected"]
        expected = dict(db.execute(select(Stage.stage_name, func.count(Lead.id)).join(Lead, Lead.stage_id == Stage.id)
                                   .where(Lead.status.in_(["NEW", "WAITING"])).group_by(Stage.stage_name)).all())
        gp = dict(db.execute(select(Stage.stage_name, func.sum(Lead.total_gross_profit))
                             .join(Lead, Lead.stage_id == Stage.id).where(Lead.status.in_(["NEW", "WAITING"]))
                             .group_by(Stage.stage_name)).all())
        assert any(gp.values())
        for column in columns:
            assert column["totalLeads"] == expected.get(column["stageName"], 0)
            assert column["totalGrossProfit"] == float(gp.get(column["stageName"]) or 0)
            assert all(card["stageName"] == column["stageName"] for card in column["leads"])
            assert all(card["status"] in ("NEW", "WAITING") for card in column["leads"])
            assert len(column["leads"]) == min(column["totalLeads"], 50)

    def test_a_team_leader_sees_only_the_team(self, client: TestClient, db: Session) -> None:
        team = set(_team(db, "tl1"))
        cards = [card for column in board(client, "tl1") for card in column["leads"]]
        assert cards and {c["salesPersonId"] for c in cards} <= team

    def test_a_sales_person_sees_only_their_own(self, client: TestClient, db: Session) -> None:
        me = db.query(User).filter_by(username="sales2").one().id
        cards = [card for column in board(client, "sales2", status="ALL") for card in column["leads"]]
        assert cards and {c["salesPersonId"] for c in cards} == {me}

    def test_status_search_stage_and_sales_filters(self, client: TestClient, db: Session) -> None:
        held = board(client, "admin", status="HOLD")
        assert sum(c["totalLeads"] for c in held) == db.query(Lead).filter(
            Lead.status == "HOLD", Lead.stage_id <= 6).count()
        assert {card["status"] for c in held for card in c["leads"]} == {"HOLD"}
        e3 = db.query(Stage).filter_by(stage_name="E3").one().id
        only = board(client, "admin", selectedStage=e3)
        assert [c["stageName"] for c in only] == ["E3"]
        sales4 = db.query(User).filter_by(username="sales4").one().id
        mine = board(client, "admin", salesPersonId=sales4)
        assert {card["salesPersonId"] for c in mine for card in c["leads"]} == {sales4}
        their_gp = db.scalar(select(func.sum(Lead.total_gross_profit)).where(
            Lead.sales_person_id == sales4, Lead.status.in_(["NEW", "WAITING"]), Lead.stage_id <= 6))
        assert sum(c["totalGrossProfit"] for c in mine) == pytest.approx(float(their_gp or 0))
        found = board(client, "admin", searchKeyword="bank nusa", status="ALL")
        assert {card["clientName"] for c in found for card in c["leads"]} == {"Bank Nusa Mandiri"}

    def test_the_answer_is_its_response_model_byte_for_byte(self, client: TestClient) -> None:
        """The board builds its answer as plain data (api.core.schemas.answered): it must be what its response model
        would serialise, in the same order, with the same types."""
        for user, params in (("admin", {"status": "ALL"}), ("tl1", {"sort": "E1:asc"}), ("sales1", {})):
            r = client.get("/api/leads", params=params, headers=auth(client, user))
            answer = Envelope[list[BoardColumn]].model_validate_json(r.content)
            assert answer.results and any(column.leads for column in answer.results)
            assert answer.model_dump_json(by_alias=True).encode() == r.content
            assert r.headers["content-type"] == "application/json"

    def test_columns_sort_by_last_contact_either_way(self, client: TestClient) -> None:
        default = board(client, "admin")[0]["leads"]
        oldest_first = board(client, "admin", sort="E1:asc")[0]["leads"]
        days = [c["lastContacted"] for c in default]
        assert days == sorted(days) and len(days) > 3
        assert [c["lastContacted"] for c in oldest_first] == sorted(days, reverse=True)

    def test_sort_and_stage_filter_work_in_any_order(self, client: TestClient) -> None:
        """A column sorted, then a stage filter that hides it (the board answered a raw 422 once)."""
        e1 = board(client, "admin")[0]["stageId"]
        shown = board(client, "admin", sort="E4:desc,E1:asc", selectedStage=e1)
        assert [c["stageName"] for c in shown] == ["E1"]
        days = [c["lastContacted"] for c in shown[0]["leads"]]
        assert days == sorted(days, reverse=True)  # E1's own sort still applies

    def test_bad_status_and_sort_are_422(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        assert client.get("/api/leads", params={"status": "LOST"}, headers=headers).status_code == 422
        assert client.get("/api/leads", params={"sort": "E1:sideways"}, headers=headers).status_code == 422

    def test_pins_are_kept_per_user(self, client: TestClient, db: Session) -> None:
        e2 = db.query(Stage).filter_by(stage_name="E2").one().id
        r = client.put("/api/leads/pins", json={"stageId": e2, "isPinned": True}, headers=auth(client, "sales1"))
        assert r.status_code == 200
        assert {c["stageName"]: c["isPinned"] for c in board(client, "sales1")}["E2"] is True
        assert not any(c["isPinned"] for c in board(client, "sales2"))
        client.put("/api/leads/pins", json={"stageId": e2, "isPinned": False}, headers=auth(client, "sales1"))
        assert not any(c["isPinned"] for c in board(client, "sales1"))

    def test_a_new_lead_appears_first_in_e1(self, client: TestClient, refs: dict[str, Any]) -> None:
        created = new_lead(client, refs)
        first = board(client, "sales1")[0]
        assert first["leads"][0]["id"] == created["id"]
        assert first["leads"][0]["lastContacted"] == 0


def found(client: TestClient, user: str, term: str) -> tuple[set[int], int]:
    """The ids of the cards a search shows the user (every status) and the leads its columns count."""
    columns = board(client, user, searchKeyword=term, status="ALL")
    return {card["id"] for c in columns for card in c["leads"]}, sum(c["totalLeads"] for c in columns)


class TestBoardSearch:
    """The search reads the project and the client names by their trigram indexes (api/lead_views/board_query.py):
    either name, any case, anywhere in it, its wildcards as typed, within the reader's leads."""

    def test_a_client_name_alone_finds_every_lead_of_the_client(self, client: TestClient, db: Session) -> None:
        bank = db.scalar(select(Client.id).where(Client.client_name == "Bank Nusa Mandiri"))
        expected = set(db.scalars(select(Lead.id).where(Lead.client_id == bank, Lead.stage_id <= 6)))
        assert expected and not any("nusa mandiri" in p.lower() for p in db.scalars(select(Lead.project_name)))
        ids, total = found(client, "admin", "NUSA mandiri")
        assert ids == expected and total == len(expected)

    def test_a_project_name_alone_finds_its_lead(self, client: TestClient, refs: dict[str, Any]) -> None:
        kilo = new_lead(client, refs, projectName="Zeta Kilo Refresh")["id"]
        new_lead(client, refs, projectName="Zeta Lima Refresh")
        assert found(client, "sales1", "a kILO REF") == ({kilo}, 1)  # across words, any case

    def test_like_wildcards_are_matched_as_typed(self, client: TestClient, refs: dict[str, Any]) -> None:
        percent, _ = (new_lead(client, refs, projectName=name)["id"] for name in ("Zeta 50% Uplink", "Zeta 500 Uplink"))
        underscore, _ = (new_lead(client, refs, projectName=name)["id"] for name in ("Zeta k_9 Core", "Zeta kx9 Core"))
        assert found(client, "sales1", "50%") == ({percent}, 1)
        assert found(client, "sales1", "%") == ({percent}, 1)  # too short for the indexes: tested on each lead
        assert found(client, "sales1", "k_9") == ({underscore}, 1)
        assert found(client, "sales1", "zeta \\") == (set(), 0)

    def test_another_teams_lead_is_never_found(self, client: TestClient, db: Session, refs: dict[str, Any]) -> None:
        theirs = new_lead(client, refs, user="sales4", projectName="Zeta Omega Rollout")["id"]
        assert found(client, "tl2", "omega rollout") == ({theirs}, 1)
        assert found(client, "topmanager", "omega rollout") == ({theirs}, 1)
        assert found(client, "tl1", "omega rollout") == (set(), 0)
        assert found(client, "sales5", "omega rollout") == (set(), 0)
        # a client name is searched within the reader's team too
        team = _team(db, "tl1")
        expected = db.scalar(select(func.count(Lead.id)).join(Client, Client.id == Lead.client_id).where(
            Client.client_name == "Bank Nusa Mandiri", Lead.sales_person_id.in_(team), Lead.stage_id <= 6))
        ids, total = found(client, "tl1", "bank nusa")
        assert total == expected and theirs not in ids
        assert set(db.scalars(select(Lead.sales_person_id).where(Lead.id.in_(ids)))) <= set(team)

    def test_search_keeps_the_columns_sorts_and_filters(self, client: TestClient, refs: dict[str, Any]) -> None:
        created = [new_lead(client, refs, projectName=f"Zeta Sierra {n}")["id"] for n in range(3)]
        columns = board(client, "sales1", searchKeyword="zeta sierra", sort="E1:asc")
        assert [c["stageName"] for c in columns] == ["E1", "E2", "E3", "E4", "E5", "E6"]
        assert [card["id"] for card in columns[0]["leads"]] == created  # the oldest contact first
        assert columns[0]["totalLeads"] == 3 and all(c["totalLeads"] == 0 for c in columns[1:])
        e2 = columns[1]["stageId"]
        assert [c["leads"] for c in board(client, "sales1", searchKeyword="zeta sierra", selectedStage=e2)] == [[]]


class TestTotalsAndOptions:
    def test_total_gp_of_ongoing_visible_leads(self, client: TestClient, db: Session) -> None:
        me = db.query(User).filter_by(username="sales3").one().id
        r = client.get("/api/leads/totalGp/0", headers=auth(client, "sales3")).json()["results"]
        rows = db.query(Lead).filter(Lead.sales_person_id == me, Lead.status.in_(["NEW", "WAITING"]),
                                     Lead.stage_id <= 6).all()
        assert r["totalLeads"] == len(rows)
        assert round(r["totalGrossProfit"]) == round(float(sum(x.total_gross_profit for x in rows)))
        other = db.query(User).filter_by(username="sales4").one().id
        assert client.get(f"/api/leads/totalGp/{other}", headers=auth(client, "sales3")).json()["results"] == {
            "totalGrossProfit": 0.0, "totalLeads": 0}

    def test_filter_options_follow_visibility(self, client: TestClient) -> None:
        tl = client.get("/api/leads/filter-options", headers=auth(client, "tl2")).json()["results"]
        assert {s["fullname"] for s in tl["salesPersons"]} == {"Putri Maharani", "Fajar Setiawan", "Intan Permata"}
        # the board's stages, which a lead is created in or filtered by (closed leads are the CLOSED status)
        assert [s["stageName"] for s in tl["stages"]] == ["E1", "E2", "E3", "E4", "E5", "E6"]
        assert tl["statuses"][0] == {"value": "ONGOING", "label": "On Going"}

    def test_lists_per_status_are_paged(self, client: TestClient, db: Session) -> None:
        r = client.get("/api/leads/list", params={"status": "DROPPED", "limit": 5},
                       headers=auth(client, "admin")).json()["results"]
        assert r["totalRows"] == db.query(Lead).filter(Lead.status == "DROPPED").count()
        assert len(r["data"]) == min(5, r["totalRows"]) and {c["status"] for c in r["data"]} == {"DROPPED"}


class TestBoardPermissions:
    def test_anonymous_401_and_approver_403(self, client: TestClient) -> None:
        assert client.get("/api/leads").status_code == 401
        assert client.get("/api/leads", headers=auth(client, "approver1")).status_code == 403
