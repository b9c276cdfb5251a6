"""merge the team leaders' reassignment and the closed credit and versions

Revision ID: 7002e8108037
Revises: 4b867457788f, 6ab2579962fb
Create Date: 2026-11-29 09:35:14.656713
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '7002e8108037'
down_revision: str | None = ('4b867457788f', '6ab2579962fb')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
