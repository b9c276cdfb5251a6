"""request registers: on behalf of, the lead's previous status, withdrawals

Revision ID: c3d1a9e4b7f2
Revises: 3859f748dc98
Create Date: 2026-11-27 03:05:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'c3d1a9e4b7f2'
down_revision: str | None = '3859f748dc98'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('approval_requests', sa.Column('on_behalf_of', sa.Integer(), nullable=True))
    op.add_column('approval_requests', sa.Column('from_status', sa.String(length=10), nullable=True))
    op.add_column('approval_requests', sa.Column('withdrawn_by', sa.Integer(), nullable=True))
    op.add_column('approval_requests', sa.Column('withdraw_reason', sa.Text(), nullable=True))
    op.add_column('approval_requests', sa.Column('withdraw_requested_at', sa.DateTime(timezone=True), nullable=True))
    op.create_foreign_key(op.f('fk_approval_requests_on_behalf_of_users'), 'approval_requests', 'users',
                          ['on_behalf_of'], ['id'])
    op.create_foreign_key(op.f('fk_approval_requests_withdrawn_by_users'), 'approval_requests', 'users',
                          ['withdrawn_by'], ['id'])


def downgrade() -> None:
    op.drop_constraint(op.f('fk_approval_requests_withdrawn_by_users'), 'approval_requests', type_='foreignkey')
    op.drop_constraint(op.f('fk_approval_requests_on_behalf_of_users'), 'approval_requests', type_='foreignkey')
    op.drop_column('approval_requests', 'withdraw_requested_at')
    op.drop_column('approval_requests', 'withdraw_reason')
    op.drop_column('approval_requests', 'withdrawn_by')
    op.drop_column('approval_requests', 'from_status')
    op.drop_column('approval_requests', 'on_behalf_of')
