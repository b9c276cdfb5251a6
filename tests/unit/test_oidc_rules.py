"""Single sign-on's small rules: where a sign-in may come back to, which e-mail counts as verified, how a groups claim
is read."""

from __future__ import annotations

from typing import Any

import pytest

from api.auth.oidc.accounts import verified_email
from api.auth.oidc.mappings import claim_values
from api.auth.sso import safe_return
from api.core.config import OidcProvider


def _provider(**extra: Any) -> OidcProvider:
    return OidcProvider(key="idp", label="IdP", issuer="https://id.example.com", client_id="crm", **extra)


@pytest.mark.parametrize(("asked", "back_to"), [
    (None, "/"), ("", "/"), ("/leads/12", "/leads/12"),
    ("/system/client-management?page=2", "/system/client-management?page=2"),
    ("https://evil.example.com/", "/"), ("//evil.example.com/x", "/"), ("/\\evil.example.com", "/"),
    ("leads", "/"), ("/signin", "/"), ("/signout", "/"), ("/api/auth/logout", "/"),
])
def test_a_sign_in_comes_back_to_a_page_of_this_app_only(asked: str | None, back_to: str) -> None:
    assert safe_return(asked) == back_to


@pytest.mark.parametrize(("claims", "trust", "verified"), [
    ({"email": "a@x.id", "email_verified": True}, False, "a@x.id"),
    ({"email": "a@x.id", "email_verified": "true"}, False, "a@x.id"),  # some providers send a string
    ({"email": "a@x.id", "email_verified": False}, True, None),  # a provider's "no" is never trusted away
    ({"email": "a@x.id"}, False, None),
    ({"email": "a@x.id"}, True, "a@x.id"),  # a directory that sends no email_verified (Entra ID)
    ({"email": "not-an-address", "email_verified": True}, False, None),
    ({"email_verified": True}, False, None),
])
def test_which_e_mail_counts_as_verified(claims: dict[str, Any], trust: bool, verified: str | None) -> None:
    assert verified_email(_provider(trust_email=trust), claims) == verified


def test_a_groups_claim_is_a_list_or_one_value_and_read_only_when_configured() -> None:
    assert claim_values(_provider(roles_claim="groups"), {"groups": ["a", "b", 7, {"x": 1}]}) == ["a", "b", "7"]
    assert claim_values(_provider(roles_claim="roles"), {"roles": "crm-admin"}) == ["crm-admin"]
    assert claim_values(_provider(roles_claim="groups"), {}) == []
    assert claim_values(_provider(), {"groups": ["a"]}) == []
