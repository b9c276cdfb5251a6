"""Signing in through an OpenID provider (the session's real oidc-provider): the product's own session afterwards,
people matched by their subject, linked once by a verified e-mail, first-timers refused or given an inactive account."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.auth.oidc.models import OidcIdentity
from api.users.models import User
from tests.integration.auth.sso import Sso, refused_with


def _user(db: Session, username: str) -> User:
    user = db.scalar(select(User).where(User.username == username))
    assert user is not None
    return user


class TestSignInOptions:
    def test_anyone_sees_the_password_form_and_a_button_per_provider(self, sso: Sso) -> None:
        r = sso.client.get("/api/auth/sign-in-options")
        assert r.status_code == 200
        assert r.json()["results"] == {"passwordSignIn": True, "providers": [{"key": "test", "label": "Test ID"}]}

    def test_without_providers_only_the_password_form(self, client: TestClient) -> None:
        assert client.get("/api/auth/sign-in-options").json()["results"] == {"passwordSignIn": True, "providers": []}


class TestSignIn:
    def test_a_verified_email_links_the_account_once_and_opens_the_products_own_session(
            self, sso: Sso, db: Session) -> None:
        refresh_token = sso.signed_in("p-andi")
        r = sso.refresh(refresh_token)  # what the app does at boot
        assert r.status_code == 200, r.text
        token = r.json()["results"]["token"]
        session = sso.client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
        assert session.json()["results"]["user"]["username"] == "sales1"
        andi = _user(db, "sales1")
        identity = db.scalar(select(OidcIdentity).where(OidcIdentity.subject == "p-andi"))
        assert identity is not None and identity.user_id == andi.id and identity.linked_by == "EMAIL"
        assert db.scalar(select(AuditEntry).where(AuditEntry.subject_id == str(andi.id),
                                                  AuditEntry.action == "UPDATE")) is not None

        # the next sign-in finds the person by their subject, even after the account's e-mail changed
        andi.email = "andi.pratama@elsewhere.example"
        db.commit()
        sso.signed_in("p-andi")
        assert db.scalar(select(func.count()).select_from(OidcIdentity)
                         .where(OidcIdentity.user_id == andi.id)) == 1

    def test_the_email_matches_whatever_its_case(self, sso: Sso, db: Session) -> None:
        sso.signed_in("p-dewi")  # SALES2@... at the provider
        assert db.scalar(select(OidcIdentity.user_id).where(OidcIdentity.subject == "p-dewi")) == \
            _user(db, "sales2").id

    def test_an_unverified_email_links_nothing(self, sso: Sso, db: Session) -> None:
        assert refused_with(sso.sign_in("p-rizky")) == "no_account"
        assert db.scalar(select(OidcIdentity).where(OidcIdentity.subject == "p-rizky")) is None

    def test_an_account_with_the_email_of_another_linked_person_is_not_linked_twice(
            self, sso: Sso, db: Session) -> None:
        sso.signed_in("p-andi")
        putri = _user(db, "sales4")
        putri.email = "sales1@pipeline-crm.local"  # now Andi's e-mail too: a second account would be ambiguous
        db.commit()
        assert refused_with(sso.sign_in("p-putri")) in ("no_account", "ambiguous")

    def test_a_deactivated_account_is_refused_and_not_linked(self, sso: Sso, db: Session) -> None:
        _user(db, "sales5").is_active = False
        db.commit()
        assert refused_with(sso.sign_in("p-fajar")) == "inactive"
        assert db.scalar(select(OidcIdentity).where(OidcIdentity.subject == "p-fajar")) is None


class TestFirstTimers:
    def test_refused_by_default_and_nothing_is_made(self, sso: Sso, db: Session) -> None:
        users = db.scalar(select(func.count()).select_from(User))
        assert refused_with(sso.sign_in("p-nadia")) == "no_account"
        assert db.scalar(select(func.count()).select_from(User)) == users

    def test_given_an_inactive_account_for_an_administrator_to_place(self, sso: Sso, db: Session) -> None:
        sso.configure(provider={"provisioning": "inactive"}, oidc_check_minutes=0)
        assert refused_with(sso.sign_in("p-nadia")) == "pending"
        nadia = _user(db, "nadia")
        assert (nadia.is_active, nadia.password_sign_in, nadia.email, nadia.fullname, nadia.role.name,
                nadia.leader_id) == (False, False, "nadia.new@example.com", "Nadia Baru", "SALES", None)
        assert db.scalar(select(OidcIdentity.linked_by).where(OidcIdentity.user_id == nadia.id)) == "PROVISIONED"
        created = db.scalar(select(AuditEntry).where(AuditEntry.subject_id == str(nadia.id)))
        assert created is not None and created.action == "CREATE" and created.actor_id is None

        # again before an administrator activates it: the same account, still waiting
        assert refused_with(sso.sign_in("p-nadia")) == "pending"
        assert db.scalar(select(func.count()).select_from(User).where(User.email == "nadia.new@example.com")) == 1

        nadia.is_active = True  # activated
        db.commit()
        sso.signed_in("p-nadia")
