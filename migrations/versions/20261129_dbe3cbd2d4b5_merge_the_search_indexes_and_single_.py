"""merge the search indexes and single sign-on

Revision ID: dbe3cbd2d4b5
Revises: 1cd70fdaf512, 754ef6cf5506
Create Date: 2026-11-29 20:02:16.348552
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'dbe3cbd2d4b5'
down_revision: str | None = ('1cd70fdaf512', '754ef6cf5506')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
