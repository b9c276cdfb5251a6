"""Files for the import tests: a workbook or a CSV made from rows."""

from __future__ import annotations

import csv
import io
from typing import Any

import openpyxl
from fastapi.testclient import TestClient

from tests.conftest import auth

CLIENT_HEADERS = ["Client Code", "Client Name", "Legal Name", "Industry", "Address", "Country", "Province", "City",
                  "Zip Code", "Affiliate"]


def xlsx(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_bytes(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


def client_row(code: str, name: str, **changes: Any) -> list[Any]:
    values = {"Client Code": code, "Client Name": name, "Legal Name": f"PT {name}", "Industry": "Technology",
              "Address": "Jl. Sudirman 1", "Country": "Indonesia", "Province": "DKI Jakarta",
              "City": "Jakarta Selatan", "Zip Code": "12950", "Affiliate": "Non-Affiliate", **changes}
    return [values[h] for h in CLIENT_HEADERS]


def upload(client: TestClient, data: bytes, *, name: str = "clients.xlsx", kind: str = "clients",
           user: str = "admin") -> Any:
    return client.post("/api/imports", data={"kind": kind}, files={"file": (name, data)},
                       headers=auth(client, user))


def uploaded(client: TestClient, data: bytes, **kwargs: Any) -> dict[str, Any]:
    r = upload(client, data, **kwargs)
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def dry_run(client: TestClient, job: dict[str, Any], *, user: str = "admin", **body: Any) -> Any:
    payload = {"mapping": job["mapping"], "matchOn": job["matchOn"], **body}
    return client.post(f"/api/imports/{job['id']}/dry-run", json=payload, headers=auth(client, user))


def rows(client: TestClient, job_id: int, phase: str = "DRY") -> dict[int, dict[str, Any]]:
    r = client.get(f"/api/imports/{job_id}/rows", params={"phase": phase, "size": 500}, headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    return {row["rowNumber"]: row for row in r.json()["results"]["data"]}
