"""imports: jobs, their rows, outcomes and saved mappings

Revision ID: 2d3b612d8074
Revises: 22658752d7df
Create Date: 2026-11-29 21:43:25.815928
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '2d3b612d8074'
down_revision: str | None = '22658752d7df'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('import_jobs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('filename', sa.String(length=255), nullable=False),
    sa.Column('file_key', sa.String(length=200), nullable=True),
    sa.Column('headers', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('total_rows', sa.Integer(), nullable=False),
    sa.Column('mapping', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('match_on', sa.String(length=20), nullable=False),
    sa.Column('dry_done', sa.Integer(), nullable=False),
    sa.Column('run_done', sa.Integer(), nullable=False),
    sa.Column('dry_counts', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('run_counts', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('undone_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_import_jobs_created_by_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_jobs'))
    )
    op.create_index(op.f('ix_import_jobs_created_by'), 'import_jobs', ['created_by'], unique=False)
    op.create_table('import_mappings',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('mapping', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('match_on', sa.String(length=20), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_import_mappings_created_by_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_mappings')),
    sa.UniqueConstraint('kind', 'name', name=op.f('uq_import_mappings_kind'))
    )
    op.create_table('import_row_outcomes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(length=3), nullable=False),
    sa.Column('row_number', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('message', sa.Text(), nullable=True),
    sa.Column('match_key', sa.String(length=300), nullable=True),
    sa.Column('record_id', sa.Integer(), nullable=True),
    sa.Column('before', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('written_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['job_id'], ['import_jobs.id'], name=op.f('fk_import_row_outcomes_job_id_import_jobs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_row_outcomes')),
    sa.UniqueConstraint('job_id', 'phase', 'row_number', name=op.f('uq_import_row_outcomes_job_id'))
    )
    op.create_index('ix_import_row_outcomes_key', 'import_row_outcomes', ['job_id', 'phase', 'match_key'], unique=False)
    op.create_table('import_source_rows',
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('row_number', sa.Integer(), nullable=False),
    sa.Column('cells', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('problem', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['job_id'], ['import_jobs.id'], name=op.f('fk_import_source_rows_job_id_import_jobs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('job_id', 'row_number', name=op.f('pk_import_source_rows'))
    )


def downgrade() -> None:
    op.drop_table('import_source_rows')
    op.drop_index('ix_import_row_outcomes_key', table_name='import_row_outcomes')
    op.drop_table('import_row_outcomes')
    op.drop_table('import_mappings')
    op.drop_index(op.f('ix_import_jobs_created_by'), table_name='import_jobs')
    op.drop_table('import_jobs')
