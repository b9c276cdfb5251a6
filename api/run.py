"""`make run`: start the embedded services that have no URL, migrate, seed, then the worker and the API.

Ctrl-C stops every process started here; data stays under .data/ for the next run.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from api.core.config import get_settings
from api.core.embedded import (
    EmbeddedPostgres,
    EmbeddedRedis,
    EmbeddedTemporal,
    _terminate,
    child_env,
    port_open,
    wait_for_port,
)

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
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = get_settings()
    data = settings.data_dir
    data.mkdir(parents=True, exist_ok=True)
    if port_open(settings.port):
        print(f"Port {settings.port} is already in use: is the CRM already running? Set PORT to use another.")
        return 1

    started: list[object] = []
    children: list[subprocess.Popen[bytes]] = []
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
                                  ui_port=int(os.environ.get("EMBEDDED_TEMPORAL_UI_PORT", "8233")))
            env["TEMPORAL_ADDRESS"] = tp.start()
            env["TEMPORAL_UI_URL"] = temporal_ui = tp.ui_url
            started.append(tp)
            log.info("embedded Temporal ready")

        os.environ.update(env)
        get_settings.cache_clear()
        settings = get_settings()
        assert settings.database_url
        migrate(settings.database_url)
        subprocess.run([sys.executable, "-m", "api.seed"], check=True, env=child_env(**env))
        settings.signing_key()  # generated into .data/ once, shared by every process

        children.append(subprocess.Popen([sys.executable, "-m", "worker"], env=child_env(**env)))
        children.append(subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--host", settings.host,
             "--port", str(settings.port), "--proxy-headers", "--log-level", "info"], env=child_env(**env)))
        wait_for_port(settings.port, 60, "API", children[-1])

        url = f"http://{settings.host}:{settings.port}"
        banner = [
            "",
            "  Pipeline CRM is running",
            f"    App            {url}/",
            f"    API docs       {url}/api/docs",
            f"    Temporal UI    {temporal_ui or '(external Temporal: see its own UI)'}",
            "    Demo sign-ins  (password for all: Pipeline#2026!Go)",
            "      admin (Administrator), topmanager (Top Management), tl1 / tl2 (Team Leaders),",
            "      sales1..sales3 (team tl1), sales4..sales6 (team tl2), approver1 / approver2",
            "  Press Ctrl-C to stop everything.",
            "",
        ]
        print("\n".join(banner), flush=True)

        stop = {"now": False}

        def _stop(*_: object) -> None:
            stop["now"] = True

        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)
        while not stop["now"]:
            for child in children:
                if child.poll() is not None:
                    log.error("%s exited with code %s; stopping", child.args, child.returncode)
                    stop["now"] = True
            time.sleep(0.5)
        return 0
    finally:
        print("Stopping...", flush=True)
        for child in reversed(children):
            _terminate(child)
        for svc in reversed(started):
            svc.stop()  # type: ignore[attr-defined]
        print("Stopped.", flush=True)


if __name__ == "__main__":
    sys.exit(main())
