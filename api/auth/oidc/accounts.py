"""Whose account a provider's person signs in to: the one their subject was linked to; else, once, the one account
whose e-mail is their verified e-mail; else none (refused) or a new inactive one for an administrator to activate and
place, as the provider's `provisioning` says. Nothing is committed here: the caller's one transaction holds the link,
the new account and their audit entries, or none of them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.auth.oidc.models import OidcIdentity
from api.core.config import OidcProvider
from api.users.models import Role, User

LINKED_BY_EMAIL = "EMAIL"
PROVISIONED = "PROVISIONED"
_USERNAME = re.compile(r"[^a-z0-9._-]+")


class Refused(Exception):
    """No account to sign in to: `code` names why (the sign-in page's message)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class Found:
    user: User
    identity: OidcIdentity
    created: bool  # a new inactive account, made by this sign-in


def verified_email(provider: OidcProvider, claims: dict[str, Any]) -> str | None:
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email:
        return None
    verified = claims.get("email_verified")
    if verified is None:
        return email.strip() if provider.trust_email else None
    return email.strip() if verified is True or str(verified).lower() == "true" else None


def _free_username(session: Session, claims: dict[str, Any], email: str) -> str:
    wanted = claims.get("preferred_username")
    base = wanted if isinstance(wanted, str) and wanted.strip() else email.split("@")[0]
    base = _USERNAME.sub("", base.lower().split("@")[0])[:50] or "user"
    taken = set(session.scalars(select(User.username).where(User.username.startswith(base))))
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    return name


def _provision(session: Session, provider: OidcProvider, claims: dict[str, Any], email: str, subject: str,
               role: Role | None) -> Found:
    role = role or session.scalar(select(Role).where(Role.name == provider.provision_role))
    if role is None:
        raise Refused("failed", f"the provisioning role {provider.provision_role!r} does not exist")
    name = claims.get("name")
    user = User(username=_free_username(session, claims, email),
                password_hash="!no-password",  # never a valid argon2 hash: no password signs in
                fullname=(name.strip() if isinstance(name, str) and name.strip() else email)[:120],
                email=email[:160], role=role, is_active=False, password_sign_in=False)
    session.add(user)
    session.flush()
    identity = OidcIdentity(provider=provider.key, subject=subject, user_id=user.id, linked_by=PROVISIONED,
                            email=email[:160])
    session.add(identity)
    audit.record(session, actor_id=None, subject="USER", subject_id=user.id, label=audit.user_label(user),
                 action="CREATE", changes=[{"field": "signed in with", "old": None, "new": provider.label},
                                           {"field": "active", "old": None, "new": False}])
    session.flush()
    return Found(user=user, identity=identity, created=True)


def resolve(session: Session, provider: OidcProvider, claims: dict[str, Any], *, role: Role | None) -> Found:
    """The account of a provider's person (see the module); `role` is the one their groups map to, for a new one."""
    subject = str(claims["sub"])
    identity = session.scalar(select(OidcIdentity).where(OidcIdentity.provider == provider.key,
                                                         OidcIdentity.subject == subject))
    if identity is not None:
        user = session.get(User, identity.user_id)
        assert user is not None  # the link goes with its user (ON DELETE CASCADE)
        return Found(user=user, identity=identity, created=False)

    email = verified_email(provider, claims)
    if email is None:
        raise Refused("no_account", "no linked account and no verified e-mail to link one by")
    matches = list(session.scalars(select(User).where(func.lower(User.email) == email.lower()).limit(2)))
    if len(matches) > 1:
        raise Refused("ambiguous", "several accounts have this e-mail")
    if matches:
        user = matches[0]
        if session.scalar(select(OidcIdentity.id).where(OidcIdentity.provider == provider.key,
                                                        OidcIdentity.user_id == user.id)) is not None:
            raise Refused("already_linked", "the account with this e-mail is linked to another person already")
        identity = OidcIdentity(provider=provider.key, subject=subject, user_id=user.id, linked_by=LINKED_BY_EMAIL,
                                email=email[:160])
        session.add(identity)
        audit.record(session, actor_id=None, subject="USER", subject_id=user.id, label=audit.user_label(user),
                     action="UPDATE", changes=[{"field": "linked to", "old": None, "new": provider.label}])
        session.flush()
        return Found(user=user, identity=identity, created=False)
    if provider.provisioning == "inactive":
        return _provision(session, provider, claims, email, subject, role)
    raise Refused("no_account", "no account has this verified e-mail")
