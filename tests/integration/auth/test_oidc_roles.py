"""Roles from the provider, optionally: administrators map a value of the provider's groups claim to a product role
(audited); a sign-in through the provider gives the person the mapped role. Without a mapping, roles stay the
product's."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.users.models import Role, User
from tests.conftest import auth
from tests.integration.auth.sso import Sso

URL = "/api/auth/oidc/role-mappings"


def _role(db: Session, name: str) -> int:
    role_id = db.scalar(select(Role.id).where(Role.name == name))
    assert role_id is not None
    return role_id


def _map(client: TestClient, headers: dict[str, str], value: str, role_id: int, priority: int = 100) -> dict[str, Any]:
    r = client.post(URL, json={"provider": "test", "claimValue": value, "roleId": role_id, "priority": priority},
                    headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def _role_of(db: Session, username: str) -> str:
    db.expire_all()
    user = db.scalar(select(User).where(User.username == username))
    assert user is not None
    return user.role.name


class TestListRoleMappings:
    def test_anonymous_is_401(self, sso: Sso) -> None:
        assert sso.client.get(URL).status_code == 401

    def test_a_sales_person_is_403(self, sso: Sso) -> None:
        assert sso.client.get(URL, headers=auth(sso.client, "sales1")).status_code == 403

    def test_an_administrator_sees_the_providers_without_secrets_and_the_mappings(self, sso: Sso, db: Session) -> None:
        admin = auth(sso.client, "admin")
        _map(sso.client, admin, "crm-leaders", _role(db, "TL"))
        r = sso.client.get(URL, headers=admin)
        assert r.status_code == 200
        body = r.json()["results"]
        assert body["providers"] == [{"key": "test", "label": "Test ID", "issuer": sso.provider.issuer,
                                      "rolesClaim": "groups", "provisioning": "refuse"}]
        assert "secret" not in r.text
        assert [(m["claimValue"], m["roleName"]) for m in body["mappings"]] == [("crm-leaders", "TL")]


class TestChangeRoleMappings:
    def test_create_update_delete_each_audited(self, sso: Sso, db: Session) -> None:
        admin = auth(sso.client, "admin")
        made = _map(sso.client, admin, "crm-leaders", _role(db, "TL"), 10)
        changed = sso.client.put(f"{URL}/{made['id']}", json={"provider": "test", "claimValue": "crm-leaders",
                                                               "roleId": _role(db, "TOP_MANAGEMENT"), "priority": 5},
                                 headers=admin)
        assert changed.status_code == 200 and changed.json()["results"]["roleName"] == "TOP_MANAGEMENT"
        assert sso.client.delete(f"{URL}/{made['id']}", headers=admin).status_code == 200
        entries = list(db.scalars(select(AuditEntry).where(AuditEntry.subject == "ROLE_MAPPING",
                                                          AuditEntry.subject_id == str(made["id"]))
                                  .order_by(AuditEntry.id)))
        assert [e.action for e in entries] == ["CREATE", "UPDATE", "DELETE"]
        assert {"field": "role", "old": "Team Leader", "new": "Top Management"} in entries[1].changes
        assert sso.client.get(URL, headers=admin).json()["results"]["mappings"] == []

    def test_refusals(self, sso: Sso, db: Session) -> None:
        admin, tl = auth(sso.client, "admin"), _role(db, "TL")
        _map(sso.client, admin, "crm-leaders", tl)
        again = sso.client.post(URL, json={"provider": "test", "claimValue": "crm-leaders", "roleId": tl},
                                headers=admin)
        assert (again.status_code, again.json()["messages"]) == (
            409, ["The value 'crm-leaders' is mapped already for this provider."])
        wrong = sso.client.post(URL, json={"provider": "nope", "claimValue": "x", "roleId": 99999}, headers=admin)
        assert (wrong.status_code, wrong.json()["messages"]) == (
            422, ["There is no sign-in provider with this key.", "There is no such role."])
        body = {"provider": "test", "claimValue": "x", "roleId": tl}
        assert sso.client.put(f"{URL}/999999", json=body, headers=admin).status_code == 404
        assert sso.client.delete(f"{URL}/999999", headers=admin).status_code == 404
        assert sso.client.post(URL, json=body, headers=auth(sso.client, "tl1")).status_code == 403


class TestSignInWithMappings:
    def test_the_mapped_role_is_given_the_lowest_priority_first_and_audited(self, sso: Sso, db: Session) -> None:
        admin = auth(sso.client, "admin")
        _map(sso.client, admin, "crm-sales", _role(db, "SALES"), 50)
        _map(sso.client, admin, "crm-leaders", _role(db, "TL"), 10)
        assert _role_of(db, "sales2") == "SALES"
        sso.signed_in("p-dewi")  # in crm-leaders and crm-sales at the provider
        assert _role_of(db, "sales2") == "TL"
        dewi = db.scalar(select(User.id).where(User.username == "sales2"))
        entry = db.scalar(select(AuditEntry).where(AuditEntry.subject == "USER", AuditEntry.subject_id == str(dewi))
                          .order_by(AuditEntry.id.desc()).limit(1))
        assert entry is not None and entry.actor_id is None
        assert {"field": "role", "old": "Sales Executive", "new": "Team Leader"} in entry.changes

    def test_without_a_mapping_that_matches_the_role_stays_the_products(self, sso: Sso, db: Session) -> None:
        admin = auth(sso.client, "admin")
        _map(sso.client, admin, "crm-admins", _role(db, "ADMIN"))
        sso.signed_in("p-andi")  # in crm-sales only
        assert _role_of(db, "sales1") == "SALES"

    def test_without_any_mapping_roles_stay_the_products(self, sso: Sso, db: Session) -> None:
        sso.signed_in("p-dewi")
        assert _role_of(db, "sales2") == "SALES"

    def test_without_a_roles_claim_the_groups_are_not_read(self, sso: Sso, db: Session) -> None:
        _map(sso.client, auth(sso.client, "admin"), "crm-leaders", _role(db, "TL"))
        sso.configure(provider={"roles_claim": None}, oidc_check_minutes=0)
        sso.signed_in("p-dewi")
        assert _role_of(db, "sales2") == "SALES"
