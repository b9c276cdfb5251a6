"""Every field code a service records in a lead's history has its label (issue 11: readable history)."""

from __future__ import annotations

import re
from pathlib import Path

from api.leads import files as lead_files
from api.leads import history
from api.leads.history import HISTORY_FIELDS
from api.leads.history import camel as _camel

ROOT = Path(__file__).resolve().parents[2]
# history.record(session, lead, actor, "code", ...) (actor None: the system) and LeadHistory(..., field="code", ...)
# with a literal code
LITERAL = re.compile(r'\brecord\(\s*session,\s*lead,\s*(?:actor|None),\s*"(\w+)"|\bfield="(\w+)"')


def recorded_codes() -> set[str]:
    codes = {_camel(f) for f in HISTORY_FIELDS} | set(lead_files.KINDS)
    codes |= {"totalRevenue", "totalGrossProfit", "grossProfitMargin"}  # the approved cost sheet's totals
    for path in [*(ROOT / "api").rglob("*.py"), *(ROOT / "workflows").rglob("*.py")]:
        for match in LITERAL.finditer(path.read_text()):
            codes.add(match.group(1) or match.group(2))
    return codes


def test_every_recorded_code_has_a_label() -> None:
    codes = recorded_codes()
    assert {"stage", "status", "pcsStatus", "project_id_number", "pid_pdf_file", "approval", "activity"} <= codes
    assert sorted(codes - set(history.LABELS)) == []


def test_the_labels_people_read() -> None:
    assert [history.label(f) for f in ("pcsStatus", "pid_pdf_file", "project_id_number", "personInCharges",
                                       "proposalFile", "projectTypeId")] == [
        "PCS Status", "PID PDF", "PID", "Persons in Charge", "Proposal", "Project Type"]
    assert history.label("someNewField") == "Some New Field" and history.label("a_code") == "A code"
