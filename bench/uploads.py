"""Upload benchmark: the API process's memory (RSS) before, during and after what used to grow it (issue 12 §3):
15 MB lead files, the issue's zip bomb (398 KB of .xlsx whose [Content_Types].xml inflates to 400 MB) sent to the
cost sheet, a 69-byte PNG declaring 30000 x 30000 pixels, and 5.4 MB of nested JSON sent to the sign-in call.

Run: `make bench` (or `.venv/bin/python bench/uploads.py [rounds]`). Starts its own embedded PostgreSQL and Redis and
the API as a uvicorn process (no Temporal: nothing here needs it). Prints figures; asserts only the answers' codes.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import Peak, embedded_stack, start_api, wait_ready  # noqa: E402  (after the path above)

MB = 1024 * 1024


def main(rounds: int) -> None:
    import httpx
    import psutil

    from api.core.embedded import free_port
    from tests.integration.uploads.payloads import PDF, png_bomb, zip_bomb

    bomb = zip_bomb()
    nested = b'{"username": "admin", "password": ' + b"[" * (5_700_000 // 2) + b"]" * (5_700_000 // 2) + b"}"
    big_pdf = PDF + b"%" + b"0" * (15 * MB - len(PDF) - 1024)
    with embedded_stack("uploads"):
        port = free_port()
        process = start_api(port)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
                wait_ready(client, process)
                api = psutil.Process(process.pid)
                token = client.post("/api/auth/login", json={"username": "sales1", "password": "Pipeline#2026!Go"}
                                    ).json()["results"]["token"]
                headers = {"Authorization": f"Bearer {token}"}
                clients = client.get("/api/master-data/clients", headers=headers).json()["results"]
                lead = client.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": "Upload bench"},
                                   headers=headers).json()["results"]["id"]

                def rss() -> float:
                    return api.memory_info().rss / MB

                def step(name: str, call: object, expected: int) -> None:
                    before, start = rss(), time.perf_counter()
                    with Peak(rss) as peak:
                        for _ in range(rounds):
                            r = call()  # type: ignore[operator]
                            assert r.status_code == expected, (name, r.status_code, r.text[:200])
                    seconds = (time.perf_counter() - start) / rounds
                    after = rss()
                    print(f"{name:<58}{expected:>6}{before:>10.1f}{peak.mb:>10.1f}{after:>10.1f}"
                          f"{seconds * 1000:>10.0f}")

                print(f"\nUpload benchmark ({rounds} rounds per row; the API's RSS in MB before, at most during "
                      "(sampled every 5 ms) and after each row; one uvicorn process, 2-core machine)")
                print(f"{'call':<58}{'code':>6}{'RSS MB':>10}{'peak':>10}{'after':>10}{'ms/call':>10}")
                step("PUT /leads/{id}/update/v2, a 15 MB PDF", lambda: client.put(
                    f"/api/leads/{lead}/update/v2", data={"data": "{}"}, headers=headers,
                    files={"proposalFile": ("proposal.pdf", big_pdf, "application/pdf")}), 200)
                step(f"PUT save-as-draft, zip bomb ({len(bomb) // 1024} KB -> 400 MB)", lambda: client.put(
                    "/api/project-cost-sheet/save-as-draft", headers=headers,
                    data={"leadsId": str(lead), "remark": "bench", "projectCostSheetItems": json.dumps([])},
                    files={"uploadedFile": ("costing.xlsx", bomb, "application/octet-stream")}), 422)
                step("POST /users/me/profile-picture, PNG of 30000 x 30000 px", lambda: client.post(
                    "/api/users/me/profile-picture", headers=headers,
                    files={"file": ("me.png", png_bomb(), "image/png")}), 422)
                step(f"POST /auth/login, {len(nested) / MB:.1f} MB of nested JSON", lambda: client.post(
                    "/api/auth/login", content=nested, headers={"Content-Type": "application/json"}), 413)
                health = client.get("/api/health")
                print(f"health after the rows: {health.status_code}")
        finally:
            process.terminate()
            process.wait(30)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
