"""leads management access: top management and team leaders open the Leads Monitoring grid's cells

Revision ID: 5c3e1a7d2b90
Revises: c3d1a9e4b7f2
Create Date: 2026-11-27 02:50:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '5c3e1a7d2b90'
down_revision: str | None = 'c3d1a9e4b7f2'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# the lines policies/policy.csv now has; a policy seeded earlier gets them too (an empty one is seeded whole)
LINES = [("TOP_MANAGEMENT", "read"), ("TOP_MANAGEMENT", "edit"), ("TL", "read"), ("TL", "write"), ("TL", "edit")]
PAGE = "system/leads-management"


def upgrade() -> None:
    for role, action in LINES:
        op.execute(
            f"INSERT INTO casbin_rule (ptype, v0, v1, v2) SELECT 'p', '{role}', '{PAGE}', '{action}' "
            f"WHERE EXISTS (SELECT 1 FROM casbin_rule) AND NOT EXISTS (SELECT 1 FROM casbin_rule "
            f"WHERE ptype = 'p' AND v0 = '{role}' AND v1 = '{PAGE}' AND v2 = '{action}')")


def downgrade() -> None:
    for role, action in LINES:
        op.execute(f"DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = '{role}' AND v1 = '{PAGE}' "
                   f"AND v2 = '{action}'")
