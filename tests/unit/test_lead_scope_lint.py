"""The lint of lead scoping (tests/lead_scope_lint.py, in make lint): a query over leads that skips the scope module
fails it, the same query scoped or marked with its reason passes, and so does the real api/ tree."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests import lead_scope_lint as lint

UNSCOPED = """
    from sqlalchemy import select
    from api.leads.models import Lead

    def mine(session, lead_id):
        return session.scalars(select(Lead).where(Lead.id == lead_id)).first()
"""


def check(source: str) -> list[lint.Finding]:
    return lint.check_source(textwrap.dedent(source), "api/planted.py")


def test_an_unscoped_select_of_leads_fails() -> None:
    found = check(UNSCOPED)
    assert [(f.path, f.line, f.function, f.model) for f in found] == [("api/planted.py", 6, "mine", "Lead")]
    assert "api/planted.py:6: mine() queries Lead" in str(found[0])


@pytest.mark.parametrize("source", [
    """
    from sqlalchemy import select
    from api.activities.models import Activity

    def of_lead(session, lead_id):
        return session.scalars(select(Activity).where(Activity.lead_id == lead_id))
    """,
    """
    from sqlalchemy import select
    from api.users.models import User
    from api.leads.models import Lead

    def names(session):
        return session.scalars(select(User.fullname).join(Lead, Lead.sales_person_id == User.id))
    """,
    """
    from sqlalchemy import update
    from api.approvals import models

    def close(session, request_id):
        session.execute(update(models.ApprovalRequest).where(models.ApprovalRequest.id == request_id))
    """,
])
def test_tables_hanging_off_a_lead_and_joins_fail_too(source: str) -> None:
    assert len(check(source)) == 1


@pytest.mark.parametrize("source", [
    """
    from sqlalchemy import select
    from api.leads.models import Lead
    from api.leads.visibility import scoped

    def mine(session, lead_id, scope):
        return session.scalars(scoped(select(Lead).where(Lead.id == lead_id), scope)).first()
    """,
    """
    from sqlalchemy import select
    from api.leads import visibility
    from api.activities.models import Activity

    def _base(scope):
        return visibility.through_lead(select(Activity), Activity.lead_id, scope)

    def page(session, scope):
        stmt = _base(scope)
        return session.scalars(stmt.where(select(Activity.id).exists()))
    """,
    """
    from sqlalchemy import select
    from api.leads.models import Lead

    # unscoped: the worker acts for the system
    def mine(session, lead_id):
        return session.scalars(select(Lead).where(Lead.id == lead_id)).first()
    """,
    """
    from sqlalchemy import select
    from api.leads.models import Lead

    def mine(session, lead_id):
        return session.scalars(select(Lead).where(Lead.id == lead_id)).first()  # unscoped: the worker's sweep
    """,
    """
    from sqlalchemy import select
    from api.users.models import User

    def people(session):
        return session.scalars(select(User))
    """,
])
def test_a_scoped_marked_or_unrelated_query_passes(source: str) -> None:
    assert check(source) == []


def test_a_marker_needs_its_reason() -> None:
    assert len(check(UNSCOPED.replace("    def mine", "    # unscoped:\n    def mine"))) == 1


def test_the_checker_fails_a_planted_file_and_names_it(tmp_path: Path) -> None:
    planted = tmp_path / "api" / "leads" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(textwrap.dedent(UNSCOPED))
    assert [f.model for f in lint.check_tree(tmp_path / "api", tmp_path)] == ["Lead"]


def test_the_real_api_tree_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert lint.main([]) == 0, capsys.readouterr().out
