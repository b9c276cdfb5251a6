"""merge the calendar feeds and the second factor

Revision ID: a4a9558fb2aa
Revises: 61b89705fb0f, 2055ac048f19
Create Date: 2026-11-29 19:38:29.394828
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'a4a9558fb2aa'
down_revision: str | None = ('61b89705fb0f', '2055ac048f19')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
