"""Sign-in and session benchmark: server time and SQL statements of the calls every page load makes.

Run: `make bench` (or `.venv/bin/python bench/session.py [runs]`). Uses its own embedded PostgreSQL and Redis.
The session call evaluates the Casbin policy for every page (30 pages x 4 actions) and builds the menu tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import api_client, embedded_stack, measure, report


def main(runs: int) -> None:
    with embedded_stack("session") as stack, api_client(stack) as (client, counter):
        body = {"username": "sales1", "password": "Pipeline#2026!Go"}
        token = client.post("/api/auth/login", json=body).json()["results"]["token"]
        admin = client.post("/api/auth/login", json={**body, "username": "admin"}).json()["results"]["token"]
        headers = {"Authorization": f"Bearer {token}"}

        def ok(response: object) -> None:
            assert response.status_code == 200, response.text  # type: ignore[attr-defined]

        rows = {
            "GET /api/auth/session (sales)": measure(
                lambda: ok(client.get("/api/auth/session", headers=headers)), runs=runs, counter=counter),
            "GET /api/auth/session (admin, all pages)": measure(
                lambda: ok(client.get("/api/auth/session", headers={"Authorization": f"Bearer {admin}"})),
                runs=runs, counter=counter),
            "GET /api/notification/limited": measure(
                lambda: ok(client.get("/api/notification/limited", headers=headers)), runs=runs,
                counter=counter),
            "POST /api/auth/login (argon2 verify)": measure(
                lambda: ok(client.post("/api/auth/login", json=body)), runs=max(20, runs // 10), warmup=3,
                counter=counter),
        }
        report(f"Session benchmark ({runs} runs per call, in-process ASGI client, 2-core machine)", rows)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
