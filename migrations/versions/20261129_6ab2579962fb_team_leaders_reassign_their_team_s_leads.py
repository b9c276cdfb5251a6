"""team leaders reassign their team's leads: the TL role may write Assignment Monitoring (the service lets them move
only their own team's leads, to members of their team)

Revision ID: 6ab2579962fb
Revises: f311fbfad522
Create Date: 2026-11-29 08:57:06.255072
"""

from collections.abc import Sequence

from alembic import op

revision: str = '6ab2579962fb'
down_revision: str | None = 'f311fbfad522'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# the line policies/policy.csv now has; a policy seeded earlier gets it too (an empty one is seeded whole)
ROLE, PAGE, ACTION = "TL", "system/assignment-monitoring", "write"


def upgrade() -> None:
    op.execute(
        f"INSERT INTO casbin_rule (ptype, v0, v1, v2) SELECT 'p', '{ROLE}', '{PAGE}', '{ACTION}' "
        f"WHERE EXISTS (SELECT 1 FROM casbin_rule) AND NOT EXISTS (SELECT 1 FROM casbin_rule "
        f"WHERE ptype = 'p' AND v0 = '{ROLE}' AND v1 = '{PAGE}' AND v2 = '{ACTION}')")


def downgrade() -> None:
    op.execute(f"DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = '{ROLE}' AND v1 = '{PAGE}' AND v2 = '{ACTION}'")
