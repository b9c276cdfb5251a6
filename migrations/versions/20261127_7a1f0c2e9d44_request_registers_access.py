"""operations access: top management and team leaders read the lead and cost sheet request registers, and team
leaders their team's monthly billing (top management had it already)

Revision ID: 7a1f0c2e9d44
Revises: 5c3e1a7d2b90
Create Date: 2026-11-27 03:25:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '7a1f0c2e9d44'
down_revision: str | None = '5c3e1a7d2b90'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# the lines policies/policy.csv now has; a policy seeded earlier gets them too (an empty one is seeded whole)
LINES = [(role, page, "read") for role in ("TOP_MANAGEMENT", "TL")
         for page in ("system/lead-approval", "system/pcs-approval")] + [("TL", "system/monthly-billing", "read")]


def upgrade() -> None:
    for role, page, action in LINES:
        op.execute(
            f"INSERT INTO casbin_rule (ptype, v0, v1, v2) SELECT 'p', '{role}', '{page}', '{action}' "
            f"WHERE EXISTS (SELECT 1 FROM casbin_rule) AND NOT EXISTS (SELECT 1 FROM casbin_rule "
            f"WHERE ptype = 'p' AND v0 = '{role}' AND v1 = '{page}' AND v2 = '{action}')")


def downgrade() -> None:
    for role, page, action in LINES:
        op.execute(f"DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = '{role}' AND v1 = '{page}' "
                   f"AND v2 = '{action}'")
