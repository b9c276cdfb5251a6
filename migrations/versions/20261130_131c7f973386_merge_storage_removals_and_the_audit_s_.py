"""merge storage removals and the audit's erasure rewrite

Revision ID: 131c7f973386
Revises: 70a758a5fdf9, 9e493d0760c7
Create Date: 2026-11-30 00:38:34.809689
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '131c7f973386'
down_revision: str | None = ('70a758a5fdf9', '9e493d0760c7')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
