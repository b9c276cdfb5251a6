"""Lead files follow their save (issue 11): a save that fails after writing its file leaves no file behind, a
replaced or removed file goes once the save commits and stays when that save fails."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

from tests.conftest import auth
from tests.integration.leads.conftest import update

PDF_A = b"%PDF-1.4\n% proposal, first version\n"
PDF_B = b"%PDF-1.4\n% proposal, second version\n"


def stored(client: TestClient, lead_id: int) -> dict[str, bytes]:
    """Every file in the lead's storage folder (temporary ones included), by name."""
    folder: Path = client.app.state.storage.root / f"leads/{lead_id}"  # type: ignore[attr-defined]
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


def proposal(name: str, data: bytes) -> dict[str, tuple[str, bytes, str]]:
    return {"proposalFile": (name, data, "application/pdf")}


def download(client: TestClient, lead_id: int) -> Any:
    return client.get(f"/api/leads/{lead_id}/files/proposalFile", headers=auth(client, "sales1"))


@contextmanager
def failing(client: TestClient, statement: str) -> Iterator[None]:
    """The database refuses the first statement that starts with `statement` (a failure inside the save's
    transaction, after its file was written)."""
    engine = client.app.state.engine  # type: ignore[attr-defined]

    def refuse(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if sql.lstrip().startswith(statement):
            raise RuntimeError(f"refused: {sql[:40]}")

    event.listen(engine, "before_cursor_execute", refuse)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", refuse)


class TestAFailedSave:
    def test_a_later_validation_error_leaves_no_file(self, client: TestClient, lead: dict[str, Any]) -> None:
        # the file is written, then the stage asked for turns out to lack its required fields
        r = update(client, lead["id"], {"stageId": 3}, files=proposal("Proposal.pdf", PDF_A))
        assert r.status_code == 422, r.text
        assert stored(client, lead["id"]) == {}
        assert download(client, lead["id"]).status_code == 404

    def test_a_database_error_leaves_no_file(self, client: TestClient, lead: dict[str, Any]) -> None:
        with failing(client, "UPDATE leads"):
            r = update(client, lead["id"], {"projectName": "Renamed"}, files=proposal("Proposal.pdf", PDF_A))
        assert r.status_code == 500
        assert stored(client, lead["id"]) == {}
        detail = client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1")).json()["results"]
        assert detail["projectName"] == "Zeta Network Refresh" and detail["proposalFile"] is None

    def test_a_retry_after_a_failure_is_kept(self, client: TestClient, lead: dict[str, Any]) -> None:
        with failing(client, "UPDATE leads"):
            assert update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_A)).status_code == 500
        assert update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_A)).status_code == 200
        assert list(stored(client, lead["id"]).values()) == [PDF_A]
        assert download(client, lead["id"]).content == PDF_A


class TestReplacing:
    def test_the_replaced_file_is_removed_once_the_new_one_is_committed(self, client: TestClient,
                                                                        lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_A)).status_code == 200
        first = list(stored(client, lead["id"]))
        r = update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_B))
        assert r.status_code == 200, r.text
        files = stored(client, lead["id"])
        assert list(files.values()) == [PDF_B] and first[0] not in files  # a new key, the old file gone
        assert download(client, lead["id"]).content == PDF_B

    def test_a_failed_replacement_keeps_the_old_file(self, client: TestClient, lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_A)).status_code == 200
        before = stored(client, lead["id"])
        assert update(client, lead["id"], {"stageId": 3}, files=proposal("New.pdf", PDF_B)).status_code == 422
        with failing(client, "UPDATE leads"):
            assert update(client, lead["id"], {}, files=proposal("New.pdf", PDF_B)).status_code == 500
        assert stored(client, lead["id"]) == before
        assert download(client, lead["id"]).content == PDF_A

    def test_a_removed_file_goes_with_the_save(self, client: TestClient, lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files=proposal("Proposal.pdf", PDF_A)).status_code == 200
        with failing(client, "UPDATE leads"):
            assert update(client, lead["id"], {"removeFiles": ["proposalFile"]}).status_code == 500
        assert list(stored(client, lead["id"]).values()) == [PDF_A]
        assert update(client, lead["id"], {"removeFiles": ["proposalFile"]}).status_code == 200
        assert stored(client, lead["id"]) == {}
        assert download(client, lead["id"]).status_code == 404
