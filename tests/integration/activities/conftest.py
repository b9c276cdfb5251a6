"""Activity fixtures: a fresh lead of sales1 (tests/integration/leads) and a helper that posts the activity form."""

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from tests.conftest import auth
from tests.integration.leads.conftest import lead, new_lead, refs  # noqa: F401  (fixtures shared with leads)

PDF = b"%PDF-1.4\n% minutes of the meeting\n"
# what Chromium's MediaRecorder starts an audio/webm;codecs=opus recording with (EBML header, DocType webm)
WEBM = (b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm"
        b"\x42\x87\x81\x04\x42\x85\x81\x02" + bytes(256))
MP3 = b"ID3\x03\x00\x00\x00\x00\x00\x0a" + bytes(512)

Files = list[tuple[str, tuple[str, bytes, str]]]


def jpeg() -> bytes:
    """A photo as a phone's camera writes it (JPEG)."""
    buffer = io.BytesIO()
    Image.new("RGB", (24, 16), (200, 120, 40)).save(buffer, format="JPEG")
    return buffer.getvalue()


def pic_of(client: TestClient, lead_id: int, user: str = "sales1") -> dict[str, Any]:
    r = client.get(f"/api/activity/pic/{lead_id}", headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"][0]  # type: ignore[no-any-return]


def next_step(days: float = 7, activity: int = 3, remark: str | None = "Demo of the portal") -> dict[str, Any]:
    """A schedule item of the form: `activity` in `days` from now."""
    at = (datetime.now(UTC) + timedelta(days=days)).replace(microsecond=0)
    return {"activity": {"value": activity, "label": "Demo"}, "dateAndTime": at.isoformat(), "remark": remark}


def body(of: dict[str, Any], pic: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    """The fields of an activity on the lead `of` (the first variant, with a next step planned)."""
    return {"leadsId": of["id"], "type": 1, "notes": "Met the IT manager; a demo next week.", "schedule": [next_step()],
            "personInCharge": {"value": pic["picId"], "label": pic["picName"]} if pic else None,
            "location": {"name": "Menara Nusa", "address": "Jl. Sudirman 1, Jakarta", "latitude": -6.26,
                         "longitude": 106.62}, **extra}


def fields(data: dict[str, Any]) -> dict[str, str]:
    """The multipart fields of POST /activity (spec 2 §7): numbers as text, the person in charge, the schedule and
    the location as JSON; a field that is None is not sent."""
    return {name: value if isinstance(value, str) else json.dumps(value)
            for name, value in data.items() if value is not None}


def post(client: TestClient, data: dict[str, Any], files: Files | None = None, user: str = "sales1") -> Any:
    """POST /activity with `data` as its fields and `files` as its `file` and `recording` parts."""
    return client.post("/api/activity", data=fields(data), files=files or [], headers=auth(client, user))


def stored(client: TestClient, lead_id: int) -> dict[str, bytes]:
    """Every file in the lead's activity folder (temporary ones included), by name."""
    folder: Path = client.app.state.storage.root / f"activities/{lead_id}"  # type: ignore[attr-defined]
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}
