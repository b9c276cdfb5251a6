"""Bad files: not what they claim, empty, 200 columns, a 10 MB cell, formula cells, duplicates, too many rows; each
refused with a clear message (the file) or reported on its row, and nothing half-kept."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.core import uploads
from api.imports import reading
from api.imports.models import ImportJob
from tests.integration.imports.helpers import (
    CLIENT_HEADERS,
    client_row,
    csv_bytes,
    dry_run,
    rows,
    upload,
    uploaded,
    xlsx,
)


def _jobs(db: Session) -> int:
    return db.scalar(select(func.count()).select_from(ImportJob)) or 0


class TestRefusedFiles:
    def test_a_text_file_named_xlsx_is_refused(self, client: TestClient, db: Session) -> None:
        r = upload(client, b"Client Code,Client Name\nQI1,Quill\n", name="clients.xlsx")
        assert r.status_code == 422 and r.json()["messages"] == [uploads.UNSUPPORTED_IMPORT]

    def test_a_binary_file_named_csv_is_refused(self, client: TestClient) -> None:
        r = upload(client, b"\x00\x01\x02MZ\x90\x00" * 100, name="clients.csv")
        assert r.status_code == 422 and r.json()["messages"] == [uploads.UNSUPPORTED_IMPORT]

    def test_an_empty_file_is_refused(self, client: TestClient, db: Session) -> None:
        r = upload(client, b"", name="clients.csv")
        assert r.status_code == 422
        assert r.json()["messages"] in ([reading.EMPTY_FILE], [uploads.UNSUPPORTED_IMPORT])
        assert _jobs(db) == 0

    def test_a_header_without_rows_is_refused(self, client: TestClient, db: Session) -> None:
        r = upload(client, xlsx([CLIENT_HEADERS]))
        assert r.status_code == 422 and r.json()["messages"] == [reading.NO_ROWS]
        assert _jobs(db) == 0

    def test_200_columns_are_refused(self, client: TestClient, db: Session) -> None:
        r = upload(client, csv_bytes([[f"Column {i}" for i in range(200)], ["x"] * 200]), name="wide.csv")
        assert r.status_code == 422
        assert r.json()["messages"] == ["The file has 200 columns; an import takes at most 100."]
        assert _jobs(db) == 0


class TestRowsReported:
    def test_a_10_mb_cell_refuses_its_row_only(self, client: TestClient) -> None:
        data = csv_bytes([CLIENT_HEADERS, client_row("QI1", "Quill Imports", Address="x" * 10 * 1024 * 1024),
                          client_row("QI2", "Quince Imports")])
        job = uploaded(client, data, name="long.csv")
        assert dry_run(client, job).status_code == 200
        found = rows(client, job["id"])
        assert found[2]["status"] == "REFUSED"
        assert found[2]["message"] == "Column 'Address' is longer than 32,767 characters."
        assert found[3]["status"] == "CREATED"

    def test_a_formula_cell_is_read_as_text_and_refused(self, client: TestClient) -> None:
        job = uploaded(client, xlsx([CLIENT_HEADERS, client_row("QI1", "=HYPERLINK(\"http://x\")"),
                                     client_row("QI2", "Quince Imports")]))
        dry_run(client, job)
        found = rows(client, job["id"])
        assert found[2]["status"] == "REFUSED"
        assert found[2]["message"] == ("Column 'Client Name' holds a formula (=HYPERLINK(\"http://x\")); an import "
                                       "takes values only.")
        assert found[3]["status"] == "CREATED"

    def test_a_csv_with_semicolons_and_windows_encoding_is_read(self, client: TestClient) -> None:
        text = ";".join(CLIENT_HEADERS) + "\r\n" + ";".join(client_row("QI1", "Café Imports")) + "\r\n"
        job = uploaded(client, text.encode("cp1252"), name="excel.csv")
        dry_run(client, job)
        assert rows(client, job["id"])[2]["values"]["Client Name"] == "Café Imports"

    def test_a_value_past_its_field_is_refused_with_the_field(self, client: TestClient) -> None:
        job = uploaded(client, xlsx([CLIENT_HEADERS, client_row("QI1", "Q" * 151)]))
        dry_run(client, job)
        assert rows(client, job["id"])[2]["message"] == "Client Name: String should have at most 150 characters."


class TestDates:
    def test_the_three_written_formats_and_nothing_else(self) -> None:
        for text in ("2026-03-01", "01/03/2026", "1 Mar 2026", "1 March 2026", "2026-03-01 00:00:00"):
            assert reading.parse_date(text) == date(2026, 3, 1)
        for text in ("03-01-2026", "2026/03/01", "March 1, 2026", "yesterday"):
            with pytest.raises(ValueError):
                reading.parse_date(text)
