"""`make run`: start the embedded services that have no URL, migrate, seed, then supervise the worker and the API.

A worker or API that exits is started again after a growing delay (api/supervisor.py). Ctrl-C or SIGTERM stops
every process started here; data stays under .data/ for the next run.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from api.core import logs
from api.core.config import get_settings
from api.core.embedded import (
    EmbeddedPostgres,
    EmbeddedRedis,
    EmbeddedTemporal,
    child_env,
    port_open,
)
from api.core.startup import compile_sources
from api.supervisor import Child, Supervisor

log = logging.getLogger("run")


def migrate(database_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    root = Path(__file__).resolve().parents[1]
    cfg = Config(str(root / "alembic.ini"))
    cfg.set_main_option("script_location", str(root / "migrations"))
    os.environ["DATABASE_URL"] = database_url
    get_settings.cache_clear()
    command.upgrade(cfg, "head")


def main() -> int:
    settings = get_settings()
    logs.configure(settings.log_level, settings.log_format, process="run")
    data = settings.data_dir
    data.mkdir(parents=True, exist_ok=True)
    if port_open(settings.port):
        print(f"Port {settings.port} is already in use: is the CRM already running? Set PORT to use another.")
        return 1

    started: list[object] = []
    supervisor: Supervisor | None = None
    signal.signal(signal.SIGTERM, _interrupt)  # while starting, SIGTERM unwinds like Ctrl-C: what started stops
    temporal_ui = settings.temporal_ui_url
    try:
        env: dict[str, str] = {"DATA_DIR": str(data)}
        if not settings.database_url:
            pg = EmbeddedPostgres(data / "postgres")
            env["DATABASE_URL"] = pg.start()
            started.append(pg)
            log.info("embedded PostgreSQL ready")
        if not settings.redis_url:
            redis_port = int(os.environ.get("EMBEDDED_REDIS_PORT", "6380"))
            rd = EmbeddedRedis(data / "redis", port=redis_port)
            env["REDIS_URL"] = rd.start()
            started.append(rd)
            log.info("embedded Redis ready on %s", redis_port)
        if not settings.temporal_address:
            tp = EmbeddedTemporal(data / "temporal", port=int(os.environ.get("EMBEDDED_TEMPORAL_PORT", "7233")),
                                  ui_port=int(os.environ.get("EMBEDDED_TEMPORAL_UI_PORT", "8233")),
                                  codec_endpoint=f"http://127.0.0.1:{settings.port}/api/operations/codec")
            env["TEMPORAL_ADDRESS"] = tp.start()
            env["TEMPORAL_UI_URL"] = temporal_ui = tp.ui_url
            started.append(tp)
            log.info("embedded Temporal ready")

        os.environ.update(env)
        get_settings.cache_clear()
        settings = get_settings()
        assert settings.database_url
        migrate(settings.database_url)
        subprocess.run([sys.executable, "-m", "api.seed", "demo"], check=True, env=child_env(**env))
        settings.signing_key()  # generated into .data/ once, shared by every process
        compile_sources()  # the worker and the API (and each restart of them) start from bytecode

        supervisor = Supervisor([
            Child("worker", [sys.executable, "-m", "worker"], env=child_env(**env)),
            Child("API", [sys.executable, "-m", "api.serve"], env=child_env(**env)),
        ])
        stop = {"now": False}

        def _stop(*_: object) -> None:
            stop["now"] = True

        # from here on a signal only sets the flag: the loop below notices it between two polls, so the supervisor
        # never takes the children's exits on Ctrl-C for crashes (they have their own process group and hear it
        # only from the supervisor's stop())
        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)
        supervisor.start()
        shown = False
        while not stop["now"]:
            supervisor.poll()
            if not shown and port_open(settings.port):
                print(_banner(settings.host, settings.port, temporal_ui), flush=True)
                shown = True
            time.sleep(0.2)
        return 0
    finally:
        print("Stopping...", flush=True)
        if supervisor is not None:  # the worker may let its activities finish first (WORKER_SHUTDOWN_SECONDS)
            supervisor.stop(timeout=max(settings.api_shutdown_seconds, settings.worker_shutdown_seconds) + 5)
        for svc in reversed(started):
            svc.stop()  # type: ignore[attr-defined]
        print("Stopped.", flush=True)


def _banner(host: str, port: int, temporal_ui: str | None) -> str:
    url = f"http://{host}:{port}"
    return "\n".join([
        "",
        "  Pipeline CRM is running",
        f"    App            {url}/",
        f"    API docs       {url}/api/docs",
        f"    Temporal UI    {temporal_ui or '(external Temporal: see its own UI)'}",
        "    Demo sign-ins  (password for all: Pipeline#2026!Go)",
        "      admin (Administrator), topmanager (Top Management), tl1 / tl2 (Team Leaders),",
        "      sales1..sales3 (team tl1), sales4..sales6 (team tl2), approver1 / approver2",
        "  A worker or API that exits is restarted (1 s, 2 s, 4 s ... apart). Press Ctrl-C to stop everything.",
        "",
    ])


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
