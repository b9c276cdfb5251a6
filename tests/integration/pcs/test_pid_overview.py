"""GET /leads/{id}/project-ids: canGenerate says whether the Generate PID button may be offered (issue 11:
never once the lead has its PID)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.leads.models import LeadProjectId
from tests.conftest import auth
from tests.integration.pcs.sheets import make_sheet


def overview(client: TestClient, lead_id: int, user: str = "sales1") -> dict[str, Any]:
    r = client.get(f"/api/leads/{lead_id}/project-ids", headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


class TestCanGenerate:
    def test_an_approved_sheet_without_a_pid(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        db.commit()
        mine = overview(client, made.lead.id)
        assert mine["approved"] is True and mine["projectIdNumbers"] == [] and mine["canGenerate"] is True
        assert overview(client, made.lead.id, "admin")["canGenerate"] is True  # sees every lead
        assert overview(client, made.lead.id, "tl1")["canGenerate"] is False  # not the sales person

    def test_never_once_the_lead_has_its_pid(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        db.add(LeadProjectId(lead_id=made.lead.id, pid_number=f"NDC-2026-{made.lead.id:04d}", pcs_id=made.sheet.id))
        db.commit()
        for user in ("sales1", "admin"):
            result = overview(client, made.lead.id, user)
            assert result["approved"] is True and result["canGenerate"] is False
            assert [p["pidNumber"] for p in result["projectIdNumbers"]] == [f"NDC-2026-{made.lead.id:04d}"]

    def test_not_before_the_sheet_is_approved(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db, status="WAITING_FOR_APPROVAL", decided_layers=1)
        db.commit()
        result = overview(client, made.lead.id)
        assert result["approved"] is False and result["canGenerate"] is False
