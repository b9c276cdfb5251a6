"""Activity upload benchmark (issue 16 §8): POST /api/activity through the HTTP path with a 50 MB voice note, and a
batch of 10 photos of 5 MB (two calls of 5, the most one call takes). Prints the API process's memory (RSS) before,
at most during (sampled every 5 ms) and after each upload, its growth, the time and the throughput on loopback; the
goal is a growth under 30 MB for the 50 MB recording, since no upload is held whole.

The files are written to a scratch directory first and streamed from there by the client (httpx reads a file part in
chunks): the recording is the EBML header Chromium's MediaRecorder starts a webm with, followed by random bytes; each
photo is a 3000 x 2000 JPEG of noise (about 5 MB, 6 megapixels: it passes the content and pixel checks). One small
activity is recorded first, unmeasured, so that what the first upload loads once (Pillow's plugins) is not counted.

Run: `make bench` (or `.venv/bin/python bench/activity_uploads.py [rounds]`). Starts its own embedded PostgreSQL and
Redis and the API as a uvicorn process (no Temporal). Signs in as sales1 (demo seed) and records on one of their leads.
Prints figures; asserts only the answers' codes (and that each activity lists the files it was sent).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import Peak, bearer, embedded_stack, start_api, wait_ready  # noqa: E402  (after the path above)

MB = 1024 * 1024
GOAL_MB = 30
# what Chromium's MediaRecorder starts an audio/webm;codecs=opus recording with (EBML header, DocType webm), as in
# tests/integration/activities
WEBM_HEADER = (b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84"
               b"webm\x42\x87\x81\x04\x42\x85\x81\x02")
RECORDING_BYTES = 50 * MB
PHOTO_SIZE, PHOTO_QUALITY = (3000, 2000), 89
PHOTOS, PHOTOS_PER_CALL = 10, 5


def _recording(path: Path) -> Path:
    """A 50 MB webm (the recorder's header, then random bytes as incompressible as audio), written 1 MB at a time."""
    with path.open("wb") as fh:
        fh.write(WEBM_HEADER)
        left = RECORDING_BYTES - len(WEBM_HEADER)
        while left:
            chunk = os.urandom(min(MB, left))
            fh.write(chunk)
            left -= len(chunk)
    return path


def _photo(path: Path) -> Path:
    from PIL import Image

    width, height = PHOTO_SIZE
    Image.frombytes("RGB", PHOTO_SIZE, os.urandom(width * height * 3)).save(path, "JPEG", quality=PHOTO_QUALITY)
    return path


def main(rounds: int) -> None:
    import httpx
    import psutil

    from api.core import sniff
    from api.core.embedded import free_port

    scratch = Path(tempfile.mkdtemp(prefix="bench-activity-files-"))
    recording = _recording(scratch / "Voice Note.webm")
    photos = [_photo(scratch / f"site-{i + 1}.jpg") for i in range(PHOTOS)]
    for path in (recording, *photos):
        with path.open("rb") as fh:
            assert sniff.identify(fh) in ("webm", "jpeg"), path  # what the API will check, checked here first
    photo_mb = [p.stat().st_size / MB for p in photos]

    with embedded_stack("activity_uploads"):
        port = free_port()
        process = start_api(port)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as client:
                wait_ready(client, process)
                api = psutil.Process(process.pid)
                headers = bearer(client, "sales1")

                def results(path: str) -> Any:
                    r = client.get(path, headers=headers)
                    assert r.status_code == 200, (path, r.status_code, r.text[:200])
                    return r.json()["results"]

                # one of sales1's leads that has a person in charge, found as the activity form finds it
                lead, pic = next((p["leadId"], pics[0]) for c in results("/api/activity/client")
                                 for p in results(f"/api/activity/project/{c['clientId']}")
                                 if (pics := results(f"/api/activity/pic/{p['leadId']}")))
                data = json.dumps({"leadsId": lead, "type": 1, "notes": "Site visit: recorded the meeting.",
                                   "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
                                   "location": {"name": "Menara Nusa", "address": "Jl. Sudirman 1, Jakarta",
                                                "latitude": -6.26, "longitude": 106.62},
                                   # the first variant plans a next step (its reminder's start needs no Temporal)
                                   "schedule": [{"activity": {"value": 3, "label": "Demo"},
                                                 "dateAndTime": (datetime.now(UTC) + timedelta(days=7)).isoformat()}]})

                def post(parts: list[tuple[str, Path, str]]) -> httpx.Response:
                    """Record an activity with these files, each streamed from its open file."""
                    with ExitStack() as files:
                        sent = [(field, (path.name, files.enter_context(path.open("rb")), media))
                                for field, path, media in parts]
                        return client.post("/api/activity", data={"data": data}, files=sent, headers=headers)

                def check(r: httpx.Response, parts: list[tuple[str, Path, str]]) -> None:
                    """The activity lists each file it was sent, at its size."""
                    listing = results(f"/api/activity/files/{lead}/{r.json()['results']['id']}")
                    field = parts[0][0]
                    assert sorted(f["size"] for f in listing[field]) == sorted(p.stat().st_size for _, p, _ in parts)

                def rss() -> float:
                    return api.memory_info().rss / MB

                warmup = scratch / "warmup.webm"
                warmup.write_bytes(WEBM_HEADER + bytes(256))
                r = post([("recordings", warmup, "audio/webm"), ("photos", photos[0], "image/jpeg")])
                assert r.status_code == 200, r.text[:200]

                scenarios = {
                    "50 MB recording (1 call)": [[("recordings", recording, "audio/webm")]],
                    f"{PHOTOS} photos of ~{sum(photo_mb) / PHOTOS:.1f} MB (2 calls of 5)": [
                        [("photos", p, "image/jpeg") for p in photos[i:i + PHOTOS_PER_CALL]]
                        for i in range(0, PHOTOS, PHOTOS_PER_CALL)],
                }
                growth: dict[str, list[float]] = {name: [] for name in scenarios}
                print(f"\nActivity upload benchmark ({rounds} rounds per scenario; the API's RSS in MB before, at most "
                      "during (sampled every 5 ms) and after each upload; one uvicorn process, loopback, local "
                      "storage)")
                print(f"{'scenario':<40}{'round':>6}{'code':>6}{'before':>9}{'peak':>9}{'growth':>9}{'after':>9}"
                      f"{'s':>8}{'MB/s':>8}")
                for name, calls in scenarios.items():
                    sent_mb = sum(p.stat().st_size for call in calls for _, p, _ in call) / MB
                    for n in range(1, rounds + 1):
                        before = rss()
                        start = time.perf_counter()
                        with Peak(rss) as peak:
                            answers = [post(call) for call in calls]
                        seconds = time.perf_counter() - start
                        after = rss()
                        codes = sorted({r.status_code for r in answers})
                        assert codes == [200], (name, [(r.status_code, r.text[:200]) for r in answers])
                        for call, r in zip(calls, answers, strict=True):
                            check(r, call)
                        growth[name].append(peak.mb - before)
                        print(f"{name:<40}{n:>6}{'/'.join(map(str, codes)):>6}{before:>9.1f}{peak.mb:>9.1f}"
                              f"{peak.mb - before:>9.1f}{after:>9.1f}{seconds:>8.2f}{sent_mb / seconds:>8.1f}")
                worst = max(growth[next(iter(scenarios))])
                print(f"\n50 MB recording: peak growth {worst:.1f} MB (worst of {rounds}; goal < {GOAL_MB} MB): "
                      f"{'OK' if worst < GOAL_MB else 'OVER'}")
                name = list(scenarios)[1]
                print(f"{PHOTOS} photos: peak growth {max(growth[name]):.1f} MB (worst of {rounds})")
        finally:
            process.terminate()
            process.wait(30)
            for path in scratch.iterdir():
                path.unlink()
            scratch.rmdir()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
