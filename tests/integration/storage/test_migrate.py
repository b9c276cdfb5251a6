"""Files kept in the local directory before STORAGE_URL (the old layout, DATA_DIR/storage/<namespace>/<name>) keep
working: `python -m api.core.storage migrate` copies them into the bucket under the same keys, once, and the API then
serves them from there."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.core.storage import Storage
from api.core.storage.migrate import migrate
from api.core.storage.urls import from_url
from api.leads.models import Lead
from tests.conftest import ROOT, auth
from tests.integration.uploads.payloads import PDF, png
from tests.storage_fixtures import SeaweedFS

OLD = {"leads/41/proposalFile-Zx8Kq2mP0aLw.pdf": PDF, "leads/41/pcs-41-r0-Qp3b8LmA1cTz.csv": b"item;amount\n",
       "leads/41/pid-NDS-2025-0007.pdf": PDF + b"% pid\n", "profile-pictures/7-0a1b2c3d4e5f.png": png(),
       "mail/5e0f0c1d2b3a49c8a7f6e5d4c3b2a190.pdf": PDF}


def old_layout(root: Path) -> Path:
    for key, data in OLD.items():
        (root / key).parent.mkdir(parents=True, exist_ok=True)
        (root / key).write_bytes(data)
    (root / "leads/41/.proposalFile-x.pdf.0123456789abcdef.tmp").write_bytes(b"half")  # an unfinished write
    return root


@pytest.fixture
def bucket_url(seaweedfs: SeaweedFS) -> str:
    return seaweedfs.url(f"crm-test-files/migrated-{uuid.uuid4().hex[:12]}")


def contents(storage: Storage) -> dict[str, bytes]:
    return {key: b"".join(storage.backend.chunks(key)) for key in storage.backend.walk()}


class TestMigrate:
    def test_copies_every_file_under_its_key_once(self, tmp_path: Path, bucket_url: str) -> None:
        source, target = old_layout(tmp_path / "storage"), Storage(from_url(bucket_url))
        first = migrate(source, target)
        assert sorted(first.copied) == sorted(OLD)
        assert first.skipped == ["leads/41/.proposalFile-x.pdf.0123456789abcdef.tmp"]
        assert contents(target) == OLD
        assert target.find("leads/41", "pid-NDS-2025-0007.pdf") is not None
        again = migrate(source, target)
        assert again.copied == [] and sorted(again.present) == sorted(OLD)

    def test_a_changed_file_is_copied_again(self, tmp_path: Path, bucket_url: str) -> None:
        source, target = old_layout(tmp_path / "storage"), Storage(from_url(bucket_url))
        migrate(source, target)
        (source / "leads/41/pid-NDS-2025-0007.pdf").write_bytes(PDF + b"% rendered again\n")
        assert migrate(source, target).copied == ["leads/41/pid-NDS-2025-0007.pdf"]
        assert contents(target)["leads/41/pid-NDS-2025-0007.pdf"] == PDF + b"% rendered again\n"

    def test_the_storage_itself_is_refused(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError):
            migrate(tmp_path, Storage(tmp_path))

    def test_the_command_copies_the_data_dir_into_the_storage_url(self, tmp_path: Path, bucket_url: str) -> None:
        old_layout(tmp_path / "storage")
        env = {**os.environ, "DATA_DIR": str(tmp_path), "STORAGE_URL": bucket_url}

        def run() -> str:
            done = subprocess.run([sys.executable, "-m", "api.core.storage", "migrate"], env=env, cwd=ROOT,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
            return done.stdout

        assert "copied 5 files, 0 already there, 1 skipped" in run()
        assert "copied 0 files, 5 already there" in run()
        assert contents(Storage(from_url(bucket_url))) == OLD


class TestOldFilesStillDownload:
    def test_a_lead_file_of_the_local_directory_downloads_from_the_bucket(
            self, client: TestClient, db: Session, tmp_path: Path, bucket_url: str, lead: dict[str, Any]) -> None:
        key = "proposalFile-Zx8Kq2mP0aLw.pdf"
        (tmp_path / f"leads/{lead['id']}").mkdir(parents=True)
        (tmp_path / f"leads/{lead['id']}/{key}").write_bytes(PDF)
        row = db.get(Lead, lead["id"])
        assert row is not None
        row.proposal_file = {"name": "Proposal 2025.pdf", "size": len(PDF), "key": key}
        db.commit()
        bucket = Storage(from_url(bucket_url))
        migrate(tmp_path, bucket)
        state = client.app.state  # type: ignore[attr-defined]
        local, state.storage = state.storage, bucket  # the API now runs with STORAGE_URL=s3://...
        try:
            r = client.get(f"/api/leads/{lead['id']}/files/proposalFile", headers=auth(client, "sales1"))
        finally:
            state.storage = local
        assert r.status_code == 200 and r.content == PDF and r.headers["content-type"] == "application/pdf"
