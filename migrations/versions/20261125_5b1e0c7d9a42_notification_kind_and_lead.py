"""notification kind and lead

Revision ID: 5b1e0c7d9a42
Revises: a05936a31e59
Create Date: 2026-11-25 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '5b1e0c7d9a42'
down_revision: str | None = 'a05936a31e59'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('notifications', sa.Column('kind', sa.String(length=20), server_default='INFO', nullable=False))
    op.add_column('notifications', sa.Column('lead_id', sa.Integer(), nullable=True))
    # the rows written before: their kind from their type and text, their lead from their link
    op.execute("UPDATE notifications SET kind = 'REQUESTED' WHERE notification_type = 'APPROVAL'")
    op.execute("UPDATE notifications SET kind = 'APPROVED' WHERE notification_type = 'INFORMATION' "
               "AND message LIKE 'Your request to % has been approved%'")
    op.execute("UPDATE notifications SET kind = 'REJECTED' WHERE notification_type = 'INFORMATION' "
               "AND message LIKE 'Your request to % has been rejected%'")
    op.execute("UPDATE notifications SET lead_id = substring(link from '^/leads/([0-9]+)')::integer "
               "WHERE link ~ '^/leads/[0-9]+'")
    op.execute("UPDATE notifications AS n SET lead_id = r.lead_id FROM approval_requests AS r "
               "WHERE n.link = '/system/approval?request=' || r.id")


def downgrade() -> None:
    op.drop_column('notifications', 'lead_id')
    op.drop_column('notifications', 'kind')
