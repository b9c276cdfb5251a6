"""Importing contacts: the contact service's own rules and messages, matched on the e-mail address, the client named by
its code; the undo removes what was created."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.contacts.models import Contact
from api.clients.models import Client
from tests.conftest import auth
from tests.integration.imports.helpers import dry_run, rows, uploaded, xlsx

HEADERS = ["Client", "Full Name", "Gender", "Position", "Email", "Phone"]


def test_contacts_are_checked_written_and_undone(client: TestClient, db: Session) -> None:
    code = db.scalars(select(Client.client_code).order_by(Client.id).limit(1)).one()
    data = xlsx([HEADERS,
                 [code, "Rani Import", "F", "Buyer", "rani.import@example.com", "0812 3456 7890"],
                 [code, "Tono Import", "Male", "-", "tono.import@example.com", None],
                 [code, "Sari Import", "Female", "Manager", None, "123"],
                 ["XXX-nobody", "Budi Import", "Male", "Manager", "budi.import@example.com", None],
                 [code, "Rani Again", "Female", "Buyer", "RANI.import@example.com", None]])
    job = uploaded(client, data, kind="contacts")
    assert job["mapping"] == {"client": "Client", "fullname": "Full Name", "gender": "Gender",
                              "position": "Position", "email": "Email", "phoneNumber": "Phone"}
    assert dry_run(client, job).status_code == 200
    found = rows(client, job["id"])
    assert found[2]["status"] == "CREATED"
    assert found[3]["message"] == "Position cannot consist only of '-'."
    assert found[4]["message"] == "Invalid phone number format"
    assert found[5]["message"] == "Client 'XXX-nobody' is not known."
    assert found[6]["message"] == "Duplicate of row 2 in this file (same match key)."
    r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
    assert r.json()["results"]["run"]["counts"]["CREATED"] == 1
    contact = db.scalars(select(Contact).where(Contact.email == "rani.import@example.com")).one()
    assert contact.phone_number == "6281234567890" and contact.gender == "Female"
    assert client.post(f"/api/imports/{job['id']}/undo", headers=auth(client, "admin")).status_code == 200
    db.expire_all()
    assert db.get(Contact, contact.id).deleted_at is not None  # type: ignore[union-attr]
