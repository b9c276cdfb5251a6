"""Helpers for the cost sheet API tests: chart-of-accounts entries, a lead, items with billing schedules, the
multipart save and submit calls, and spreadsheets built in memory."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from datetime import date
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.coa.models import ChartOfAccount
from api.pcs.billing import add_months
from tests.conftest import auth

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"


def make_coa(session: Session, name: str, type_: str) -> int:
    row = ChartOfAccount(code=f"T{uuid.uuid4().hex[:8].upper()}", name=name, description=f"{name} (test)",
                         keywords="test", type=type_)
    session.add(row)
    session.commit()
    return row.id


def new_lead(client: TestClient, user: str = "sales1", name: str = "Cost Sheet Test Lead") -> dict[str, Any]:
    headers = auth(client, user)
    clients = client.get("/api/master-data/clients", headers=headers).json()["results"]
    r = client.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": name}, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["results"]


def item(coa_id: int, type_: str = "REVENUE", price: float = 1_000_000, quantity: int = 2, term: int = 3,
         start: date = date(2026, 11, 15), amounts: list[Any] | None = None,
         description: str = "Managed firewall", status: str = "NOT_YET", **extra: Any) -> dict[str, Any]:
    selling = price * quantity
    amounts = amounts if amounts is not None else [selling] * term
    return {"coaId": coa_id, "type": type_, "description": description, "quantity": quantity,
            "termOfPayment": term, "sellingPrice": price,
            "billingSchedules": [{"description": f"billing {i + 1}", "amount": a, "paymentStatus": status,
                                  "schedule": add_months(start, i).isoformat()} for i, a in enumerate(amounts)],
            **extra}


def send(client: TestClient, lead_id: int, items: list[dict[str, Any]], *, remark: str | None = "First costing",
         user: str = "sales1", submit: bool = False, file: tuple[str, bytes, str] | None = None,
         deleted: bool = False, revision: int | None = None) -> Any:
    data: dict[str, str] = {"leadsId": str(lead_id), "projectCostSheetItems": json.dumps(items),
                            "uploadedFileState": json.dumps({"isDeletedByUser": deleted})}
    if remark is not None:
        data["remark"] = remark
    if revision is not None:
        data["revisionBatch"] = str(revision)
    path = "submit-for-approval" if submit else "save-as-draft"
    return client.put(f"/api/project-cost-sheet/{path}", data=data,
                      files={"uploadedFile": file} if file else None, headers=auth(client, user))


def form(client: TestClient, lead_id: int, user: str = "sales1") -> dict[str, Any]:
    r = client.get(f"/api/leads/{lead_id}/form/v2", headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]


def xlsx_bytes() -> bytes:
    """A minimal Office Open XML workbook (what the content check looks at)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml",
                         '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                         'package/2006/content-types"><Override PartName="/xl/workbook.xml" '
                         f'ContentType="{XLSX_TYPE}"/></Types>')
        archive.writestr("xl/workbook.xml", "<workbook/>")
    return buffer.getvalue()


def ods_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
    return buffer.getvalue()


XLSX = ("Costing Zeta.xlsx", xlsx_bytes(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
CSV = ("costing.csv", b"item;amount\nRouter;1.000.000\n", "text/csv")
