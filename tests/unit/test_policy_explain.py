"""Why a role may do something: granting_lines lists every policy line that grants it, and agrees with Casbin's own
decision for every role, page and action (so the matcher in model.conf and its reading here cannot drift apart)."""

import casbin
import pytest

from api.core.authz import granting_lines
from policies.enforcer import MODEL_PATH, default_policy_rows
from policies.navigation import ACTIONS, PAGES

EXTRA = [
    ("p", "AUDITOR", "*", "read"),  # every page, one action
    ("p", "AUDITOR", "leads", "*"),  # one page, every action
    ("g", "KEY_ACCOUNT", "SALES"),  # inherits a role, which inherits nothing
    ("p", "KEY_ACCOUNT", "leads", "read"),  # granted twice: its own line and SALES's
    ("g", "SENIOR_KEY_ACCOUNT", "KEY_ACCOUNT"),  # two steps from SALES
]


@pytest.fixture(scope="module")
def enforcer() -> casbin.Enforcer:
    e = casbin.Enforcer(str(MODEL_PATH))
    for ptype, *values in [*default_policy_rows(), *EXTRA]:
        (e.add_policy if ptype == "p" else e.add_grouping_policy)(*values)
    return e


def test_every_decision_has_its_lines_and_every_refusal_none(enforcer: casbin.Enforcer) -> None:
    roles = {rule[0] for rule in enforcer.get_policy()} | {"SENIOR_KEY_ACCOUNT", "NOBODY"}
    pages = [code for code, _, _ in PAGES] + ["not-a-page"]
    for role in roles:
        for page in pages:
            for action in ACTIONS:
                assert bool(granting_lines(enforcer, role, page, action)) == enforcer.enforce(role, page, action), (
                    role, page, action)


def test_a_grant_names_every_line_and_the_roles_it_comes_through(enforcer: casbin.Enforcer) -> None:
    assert granting_lines(enforcer, "KEY_ACCOUNT", "leads", "read") == [
        "p, KEY_ACCOUNT, leads, read", "p, SALES, leads, read", "g, KEY_ACCOUNT, SALES"]
    assert granting_lines(enforcer, "SENIOR_KEY_ACCOUNT", "leads", "write") == [
        "p, SALES, leads, write", "g, SENIOR_KEY_ACCOUNT, KEY_ACCOUNT", "g, KEY_ACCOUNT, SALES"]
    assert granting_lines(enforcer, "AUDITOR", "leads", "read") == ["p, AUDITOR, *, read", "p, AUDITOR, leads, *"]
    assert granting_lines(enforcer, "AUDITOR", "leads", "delete") == ["p, AUDITOR, leads, *"]
    assert granting_lines(enforcer, "ADMIN", "system/audit-log", "delete") == ["p, ADMIN, *, *"]
    assert granting_lines(enforcer, "SALES", "system/user-management", "read") == []
