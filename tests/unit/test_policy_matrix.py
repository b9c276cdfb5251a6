"""The default Casbin policy in policies/ gives each role the pages it should have, and no more."""

import casbin
import pytest

from policies.enforcer import MODEL_PATH, default_policy_rows
from policies.navigation import PAGES


@pytest.fixture(scope="module")
def enforcer() -> casbin.Enforcer:
    e = casbin.Enforcer(str(MODEL_PATH))
    for ptype, *values in default_policy_rows():
        assert ptype == "p"
        e.add_policy(*values)
    return e


def test_every_policy_row_names_a_known_page_and_action(enforcer: casbin.Enforcer) -> None:
    codes = {code for code, _, _ in PAGES}
    for _, page, action in enforcer.get_policy():
        assert page == "*" or page in codes, page
        assert action in ("*", "read", "write", "edit", "delete"), action


@pytest.mark.parametrize("page", [code for code, _, _ in PAGES])
def test_admin_may_do_everything(enforcer: casbin.Enforcer, page: str) -> None:
    assert all(enforcer.enforce("ADMIN", page, a) for a in ("read", "write", "edit", "delete"))


@pytest.mark.parametrize(
    ("role", "page", "action", "allowed"),
    [
        ("SALES", "leads", "write", True),
        ("SALES", "leads", "delete", False),
        ("SALES", "system/user-management", "read", False),
        ("SALES", "system/approval", "read", False),
        ("SALES", "system/client-management", "write", True),
        ("SALES", "system/client-management", "delete", False),
        ("TL", "system/approval", "edit", True),
        ("TL", "system/user-management", "read", False),
        ("TL", "system/lead-approval", "read", True),
        ("TL", "system/lead-approval", "edit", False),
        ("TL", "system/assignment-monitoring", "write", True),  # their team's leads (the service's rule)
        ("TOP_MANAGEMENT", "system/assignment-monitoring", "write", False),
        ("TOP_MANAGEMENT", "system/pcs-approval", "read", True),
        ("TOP_MANAGEMENT", "leads", "write", False),
        ("TOP_MANAGEMENT", "dashboard", "read", True),
        ("APPROVER", "system/approval", "edit", True),
        ("APPROVER", "dashboard", "read", False),
        ("APPROVER", "leads", "read", False),
        ("UNKNOWN_ROLE", "welcome", "read", False),
    ],
)
def test_role_matrix(enforcer: casbin.Enforcer, role: str, page: str, action: str, allowed: bool) -> None:
    assert enforcer.enforce(role, page, action) is allowed


@pytest.mark.parametrize("role", ["TOP_MANAGEMENT", "TL", "SALES", "APPROVER"])
def test_every_role_can_use_its_own_account(enforcer: casbin.Enforcer, role: str) -> None:
    for page in ("account", "welcome", "user/profile", "user/inbox"):
        assert enforcer.enforce(role, page, "read"), page
