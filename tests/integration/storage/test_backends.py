"""The storage's own cases, run against both backends (a local directory and a real SeaweedFS bucket): store, serve,
roll back, replace, keys that are never overwritten, and bodies copied in chunks."""

from __future__ import annotations

import io
import os
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.core import storage as storage_module
from api.core import uploads
from api.core.db import make_engine
from api.core.errors import AppError
from api.core.storage import LocalBackend, Storage
from api.core.storage.s3 import S3Backend
from api.core.storage.urls import from_url
from tests.integration.uploads.payloads import HTML, PDF, png

NS = "leads/1"


def files(storage: Storage, namespace: str = NS) -> dict[str, bytes]:
    """Every file in the namespace (a local directory's temporary files included), by name."""
    found = {}
    for name in storage.names(namespace):
        stored = storage.find(namespace, name) if not name.startswith(".") else None
        found[name] = stored.read_bytes() if stored else b"<temporary>"
    return found


def checked(data: bytes, filename: str, kind: uploads.Kind = uploads.DOCUMENT) -> uploads.Upload:
    spooled = tempfile.SpooledTemporaryFile(max_size=1024 * 1024)  # noqa: SIM115  (the Upload holds it open)
    spooled.write(data)
    return uploads.inspect(spooled, filename, kind)  # type: ignore[arg-type]


def serve(stored_response: object) -> TestClient:
    app = FastAPI()
    app.api_route("/file", methods=["GET", "HEAD"])(lambda: stored_response)
    return TestClient(app)


class TestStore:
    def test_a_checked_upload_is_kept_under_a_new_key_of_its_checked_type(self, storage_backend: Storage) -> None:
        session = Session()
        key = storage_backend.staged(session).store(NS, stem="proposalFile", upload=checked(PDF, "Proposal.pdf"))
        session.commit()
        assert key.startswith("proposalFile-") and key.endswith(".pdf")
        assert files(storage_backend) == {key: PDF}
        stored = storage_backend.find(NS, key)
        assert stored is not None and stored.size == len(PDF)

    def test_a_large_body_is_copied_in_chunks(self, storage_backend: Storage) -> None:
        data = PDF + bytes(range(256)) * (6 * 4096)  # 6 MB, spooled on disk
        session = Session()
        key = storage_backend.staged(session).store(NS, stem="proposalFile", upload=checked(data, "Big.pdf"))
        session.commit()
        stored = storage_backend.find(NS, key)
        assert stored is not None and stored.size == len(data)
        chunks = list(stored.chunks())
        assert len(chunks) > 1 and max(map(len, chunks)) <= 1024 * 1024 and b"".join(chunks) == data

    def test_a_body_is_never_held_whole(self, storage_backend: Storage) -> None:
        with tempfile.TemporaryFile() as spooled:  # what an upload of 15 MB is spooled to
            spooled.write(PDF + os.urandom(15 * 1024 * 1024 - len(PDF)))
            upload = uploads.inspect(spooled, "Big.pdf", uploads.DOCUMENT)  # type: ignore[arg-type]
            tracemalloc.start()
            try:
                session = Session()
                key = storage_backend.staged(session).store(NS, stem="proposalFile", upload=upload)
                session.commit()
                stored = storage_backend.find(NS, key)
                assert stored is not None and sum(len(chunk) for chunk in stored.chunks()) == upload.size
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
        assert peak < 5 * 1024 * 1024, f"{peak / 1024 / 1024:.1f} MB held for a 15 MB file"

    def test_save_replaces_a_fixed_name(self, storage_backend: Storage) -> None:
        storage_backend.save(NS, "pid-X-2026-0001.pdf", b"%PDF-1 first")
        storage_backend.save(NS, "pid-X-2026-0001.pdf", io.BytesIO(b"%PDF-1 second"))
        assert files(storage_backend) == {"pid-X-2026-0001.pdf": b"%PDF-1 second"}

    @pytest.mark.parametrize("name", ["../../etc/passwd", ".hidden", "a/b.pdf", "", "x" * 200])
    def test_an_unsafe_name_is_neither_found_nor_written(self, storage_backend: Storage, name: str) -> None:
        assert storage_backend.find(NS, name) is None
        with pytest.raises(ValueError):
            storage_backend.save(NS, name, PDF)


class TestServe:
    def test_a_download_has_its_checked_type_nosniff_and_its_name(self, storage_backend: Storage) -> None:
        storage_backend.save(NS, "proposalFile-a.pdf", HTML)  # whatever it holds, it is served as what it was kept as
        stored = storage_backend.find(NS, "proposalFile-a.pdf")
        assert stored is not None
        r = serve(stored.response("Proposal_Zeta.pdf")).get("/file")
        assert r.status_code == 200 and r.content == HTML
        assert r.headers["content-type"] == "application/pdf" and r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["content-disposition"] == 'attachment; filename="Proposal_Zeta.pdf"'
        assert r.headers["content-length"] == str(len(HTML))

    def test_a_picture_the_app_shows_is_inline(self, storage_backend: Storage) -> None:
        data = png()
        storage_backend.save("profile-pictures", "7-abc.png", data)
        stored = storage_backend.find("profile-pictures", "7-abc.png")
        assert stored is not None
        r = serve(stored.response(image_inline=True, cache_control="private, max-age=86400")).get("/file")
        assert r.content == data and r.headers["content-type"] == "image/png"
        assert r.headers["content-disposition"] == "inline" and r.headers["cache-control"] == "private, max-age=86400"

    def test_a_name_outside_ascii_is_encoded(self, storage_backend: Storage) -> None:
        storage_backend.save(NS, "pcs-1-r0-a.csv", b"a;b\n")
        stored = storage_backend.find(NS, "pcs-1-r0-a.csv")
        assert stored is not None
        r = serve(stored.response("Biaya proyek é.csv")).get("/file")
        assert r.headers["content-disposition"] == "attachment; filename*=utf-8''Biaya%20proyek%20%C3%A9.csv"

    def test_a_byte_range_is_served_as_players_ask(self, storage_backend: Storage) -> None:
        data = bytes(range(256)) * 40
        storage_backend.save("activities/3", "note-a1.webm", data)
        stored = storage_backend.find("activities/3", "note-a1.webm")
        assert stored is not None
        client = serve(stored.response("note.webm"))
        part = client.get("/file", headers={"Range": "bytes=100-199"})
        assert part.status_code == 206 and part.content == data[100:200]
        assert part.headers["content-range"] == f"bytes 100-199/{len(data)}" and part.headers["content-length"] == "100"
        assert part.headers["content-type"] == "audio/webm" and part.headers["x-content-type-options"] == "nosniff"
        tail = client.get("/file", headers={"Range": "bytes=-10"})
        assert tail.status_code == 206 and tail.content == data[-10:]
        assert client.get("/file", headers={"Range": f"bytes={len(data)}-"}).status_code == 416
        whole = client.get("/file")
        assert whole.status_code == 200 and whole.content == data and whole.headers["accept-ranges"] == "bytes"
        head = client.head("/file")
        assert head.status_code == 200 and head.content == b"" and head.headers["content-length"] == str(len(data))

    def test_an_absent_file_is_not_found(self, storage_backend: Storage) -> None:
        assert storage_backend.find(NS, "proposalFile-absent.pdf") is None


class TestRollBack:
    def test_a_write_is_removed_when_the_transaction_rolls_back(self, storage_backend: Storage) -> None:
        session = Session()
        storage_backend.staged(session).write(NS, stem="proposalFile", ext="pdf", data=PDF)
        session.rollback()
        assert files(storage_backend) == {}

    def test_a_write_is_removed_when_the_session_closes_without_a_commit(self, storage_backend: Storage) -> None:
        session = Session()
        storage_backend.staged(session).write(NS, stem="proposalFile", ext="pdf", data=PDF)
        session.close()
        assert files(storage_backend) == {}


class TestReplace:
    def test_the_replaced_file_goes_once_the_transaction_commits(self, storage_backend: Storage,
                                                                 database_url: str) -> None:
        storage_backend.save(NS, "old.pdf", b"old")
        session = Session(make_engine(database_url))  # the removal is recorded with the change (removals.py)
        staged = storage_backend.staged(session)
        staged.discard(NS, "old.pdf")
        new = staged.write(NS, stem="new", ext="pdf", data=b"new")
        assert files(storage_backend) == {"old.pdf": b"old", new: b"new"}
        session.commit()
        assert files(storage_backend) == {new: b"new"}

    def test_a_failed_replacement_keeps_the_old_file(self, storage_backend: Storage) -> None:
        storage_backend.save(NS, "old.pdf", b"old")
        session = Session()
        staged = storage_backend.staged(session)
        staged.discard(NS, "old.pdf")
        staged.write(NS, stem="new", ext="pdf", data=b"new")
        session.rollback()
        assert files(storage_backend) == {"old.pdf": b"old"}

    def test_a_key_that_exists_is_never_overwritten(self, storage_backend: Storage,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        tokens = iter(["same", "same", "other"])
        monkeypatch.setattr(storage_module.secrets, "token_urlsafe", lambda n: next(tokens))
        session = Session()
        first = storage_backend.staged(session).write(NS, stem="f", ext="pdf", data=b"first")
        second = storage_backend.staged(session).write(NS, stem="f", ext="pdf", data=b"second")
        session.commit()
        assert (first, second) == ("f-same.pdf", "f-other.pdf")
        assert files(storage_backend) == {"f-same.pdf": b"first", "f-other.pdf": b"second"}


# what Chromium's MediaRecorder starts an audio/webm;codecs=opus recording with (EBML header, DocType webm)
WEBM = (b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm"
        b"\x42\x87\x81\x04\x42\x85\x81\x02" + bytes(256))
OGG = b"OggS\x00\x02" + bytes(256)


class TestActivityKinds:
    """The kinds the activities bring (voice notes, photos, files) need nothing of the storage but their line in
    api.core.uploads."""

    @pytest.mark.parametrize(("kind", "data", "sent_as", "kept_as", "media_type"), [
        (uploads.RECORDING, WEBM, "blob", "webm", "audio/webm"),
        (uploads.RECORDING, OGG, "note.oga", "ogg", "audio/ogg"),
        (uploads.PHOTO, png(), "IMG_0001.JPG", "png", "image/png"),
        (uploads.ACTIVITY_FILE, PDF, "Minutes.pdf", "pdf", "application/pdf"),
    ])
    def test_stored_under_what_the_content_is_and_served_with_its_type(
            self, storage_backend: Storage, kind: uploads.Kind, data: bytes, sent_as: str, kept_as: str,
            media_type: str) -> None:
        session = Session()
        key = storage_backend.staged(session).store("activities/9", stem="note", upload=checked(data, sent_as, kind))
        session.commit()
        assert key.endswith(f".{kept_as}")
        stored = storage_backend.find("activities/9", key)
        assert stored is not None
        r = serve(stored.response(f"note.{kept_as}")).get("/file")
        assert r.content == data and r.headers["content-type"].split(";")[0] == media_type

    @pytest.mark.parametrize("kind", [uploads.RECORDING, uploads.PHOTO, uploads.ACTIVITY_FILE])
    def test_a_page_is_none_of_them(self, kind: uploads.Kind) -> None:
        with pytest.raises(AppError):
            checked(HTML, "note.webm" if kind is uploads.RECORDING else "photo.png", kind)


class TestSharedBucket:
    def test_every_host_and_the_worker_see_the_same_files(self, s3_url: str, database_url: str) -> None:
        """Two processes opening the same STORAGE_URL (each making sure of the bucket as it starts): what one keeps
        or removes, the other sees."""
        api_host, worker = Storage(from_url(s3_url)), Storage(from_url(s3_url))
        for started in (api_host, worker):
            started.ensure_ready()
        session = Session()
        key = api_host.staged(session).write("leads/77", stem="proposalFile", ext="pdf", data=PDF)
        session.commit()
        found = worker.find("leads/77", key)
        assert found is not None and found.read_bytes() == PDF
        session = Session(make_engine(database_url))
        worker.staged(session).discard("leads/77", key)
        session.commit()
        assert api_host.find("leads/77", key) is None


class TestStorageUrl:
    def test_a_file_url_is_a_local_directory(self, tmp_path: Path) -> None:
        backend = from_url(tmp_path.as_uri())
        assert isinstance(backend, LocalBackend) and backend.root == tmp_path

    def test_an_s3_url_names_endpoint_bucket_prefix_and_credentials(self) -> None:
        backend = from_url("s3://AK%2F1:se%40cret@files.internal:8333/crm-files/prod?region=ap-southeast-3&secure=false")
        assert isinstance(backend, S3Backend)
        assert (backend.endpoint_url, backend.bucket, backend.prefix) == ("http://files.internal:8333", "crm-files",
                                                                           "prod")
        credentials = backend.client._request_signer._credentials
        assert (credentials.access_key, credentials.secret_key) == ("AK/1", "se@cret")
        assert backend.client.meta.region_name == "ap-southeast-3"
        assert "se@cret" not in backend.describe() and "AK" not in backend.describe()

    def test_https_is_the_default(self) -> None:
        backend = from_url("s3://k:s@minio.example.com/crm-files")
        assert isinstance(backend, S3Backend) and backend.endpoint_url == "https://minio.example.com"

    @pytest.mark.parametrize("url", ["ftp://host/x", "s3://k:s@host:8333/"])
    def test_other_urls_are_refused(self, url: str) -> None:
        with pytest.raises(ValueError):
            from_url(url)
