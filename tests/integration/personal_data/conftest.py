"""A contact and everything the product holds about them (issue 39 point 3), beside another contact of the same
client whose data must stay out of the first one's archive and erasure."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.leads.models import Lead, LeadHistory
from api.notifications.models import Notification
from api.users import repository as users_repo
from tests.conftest import auth
from tests.integration.activities.conftest import PDF, WEBM, body, post
from tests.integration.leads.conftest import lead_refs, new_lead
from tests.integration.personal_data import user_holdings
from tests.integration.uploads.payloads import png

NADIA = {"fullname": "Nadia Kusumawati", "nickname": "Nadia", "gender": "Female", "position": "Head of IT",
         "division": "Technology", "email": "nadia.kusumawati@banknusa.co.id", "phoneNumber": "0811-2233-4455",
         "linkedin": "https://www.linkedin.com/in/nadiakusumawati"}
NADIA_EMAIL = "nadia.k@banknusa.co.id"  # her address after the edit (the history keeps both)
BAYU = {"fullname": "Bayu Wicaksono", "gender": "Male", "position": "Procurement Lead", "division": "Procurement",
        "email": "bayu.wicaksono@banknusa.co.id", "phoneNumber": "0812-9988-7766"}
# what would give Nadia away anywhere: her names, both addresses, her number however written
NADIA_TRACES = ("Kusumawati", "nadia.kusumawati@", "nadia.k@", "2233-4455", "81122334455",
                "linkedin.com/in/nadiakusumawati")
BAYU_TRACES = ("Wicaksono", "bayu.wicaksono@", "9988-7766", "81299887766")


def add_contact(client: TestClient, client_id: int, fields: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/people", json={"clientId": client_id, **fields}, headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def activity(client: TestClient, lead: dict[str, Any], pic: dict[str, Any], notes: str,
             files: list[tuple[str, tuple[str, bytes, str]]] | None = None) -> int:
    data = body(lead, {"picId": pic["id"], "picName": pic["fullname"]}, notes=notes)
    r = post(client, data, files)
    assert r.status_code == 200, r.text
    return int(r.json()["results"]["id"])


def hold(client: TestClient, db: Session, ids: dict[str, Any]) -> dict[str, Any]:
    """Nadia (edited once) and Bayu, persons in charge of a lead of sales1, with activities, a plan, a lead history
    entry, the lead's decision maker and notifications: some about Nadia, some about Bayu alone."""
    nadia = add_contact(client, ids["client"], NADIA)
    r = client.put("/api/people", json={**NADIA, "id": nadia["id"], "clientId": ids["client"], "email": NADIA_EMAIL},
                   headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    bayu = add_contact(client, ids["client"], BAYU)
    lead = new_lead(client, ids, personInCharges=[nadia["id"], bayu["id"]])
    with_nadia = activity(client, lead, nadia, "Met Nadia Kusumawati; she calls back on +62 811-2233-4455.",
                          [("recording", ("Voice Note.webm", WEBM, "audio/webm")),
                           ("file", ("Minutes.pdf", PDF, "application/pdf"))])
    naming_her = activity(client, lead, bayu, f"Bayu asks us to copy {NADIA_EMAIL} on the proposal.",
                          [("file", ("site.png", png(), "image/png"))])
    bayu_only = activity(client, lead, bayu, "Bayu Wicaksono alone: pricing questions.")
    sales1 = users_repo.by_username(db, "sales1")
    assert sales1 is not None
    db.add_all([Notification(user_id=sales1.id, notification_type="INFORMATION", kind="INFO",
                             message="Nadia Kusumawati asked for the demo to move."),
                Notification(user_id=sales1.id, notification_type="INFORMATION", kind="INFO",
                             message="Bayu Wicaksono signed the NDA."),
                LeadHistory(lead_id=lead["id"], field="personInCharges", old_value="Bayu Wicaksono",
                            new_value="Bayu Wicaksono, Nadia Kusumawati")])
    row = db.get(Lead, lead["id"])
    assert row is not None
    row.decision_maker = "Nadia Kusumawati"
    db.commit()
    return {"nadia": nadia, "bayu": bayu, "lead": lead, "with_nadia": with_nadia, "naming_her": naming_her,
            "bayu_only": bayu_only}


@pytest.fixture
def refs(client: TestClient) -> dict[str, Any]:
    return lead_refs(client)


@pytest.fixture
def held(client: TestClient, db: Session, refs: dict[str, Any]) -> dict[str, Any]:
    return hold(client, db, refs)


def archive(client: TestClient, contact_id: int, user: str = "admin") -> zipfile.ZipFile:
    r = client.get(f"/api/personal-data/contacts/{contact_id}/archive", headers=auth(client, user))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/zip"
    assert r.headers["content-disposition"] == f'attachment; filename="contact-{contact_id}-personal-data.zip"'
    return zipfile.ZipFile(io.BytesIO(r.content))


def document(zf: zipfile.ZipFile) -> dict[str, Any]:
    return json.loads(zf.read("contact.json"))  # type: ignore[no-any-return]


def erase(client: TestClient, contact_id: int, confirmation: str | None, user: str = "admin") -> Any:
    payload = {} if confirmation is None else {"confirmation": confirmation}
    return client.post(f"/api/personal-data/contacts/{contact_id}/erase", json=payload, headers=auth(client, user))


@pytest.fixture
def wulan(client: TestClient, db: Session, refs: dict[str, Any]) -> dict[str, Any]:
    """A deactivated sales person and everything held about her (tests/integration/personal_data/user_holdings.py)."""
    return user_holdings.hold(client, db, refs)


def user_archive(client: TestClient, user_id: int, user: str = "admin") -> zipfile.ZipFile:
    r = client.get(f"/api/personal-data/users/{user_id}/archive", headers=auth(client, user))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/zip"
    assert r.headers["content-disposition"] == f'attachment; filename="user-{user_id}-personal-data.zip"'
    return zipfile.ZipFile(io.BytesIO(r.content))


def erase_user(client: TestClient, user_id: int, confirmation: str | None, user: str = "admin") -> Any:
    payload = {} if confirmation is None else {"confirmation": confirmation}
    return client.post(f"/api/personal-data/users/{user_id}/erase", json=payload, headers=auth(client, user))


def user_summary(client: TestClient, user_id: int, user: str = "admin") -> Any:
    return client.get(f"/api/personal-data/users/{user_id}", headers=auth(client, user))
