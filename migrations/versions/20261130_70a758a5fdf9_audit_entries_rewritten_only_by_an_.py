"""audit entries rewritten only by an erasure

An erasure of a user (UU PDP, api/personal_data) replaces their name in the audit's labels and changes. The
statement-level trigger of 9e0869876520 refused every UPDATE; it is replaced by two:

- DELETE and TRUNCATE stay refused, always (`audit_entries_no_removal`, the old function);
- an UPDATE passes only in a transaction that said `SET LOCAL crm.erasure = 'on'` (only the erasure says it), and only
  when nothing but `subject_label` and `changes` differs (`audit_entries_erasure_only`, row by row: every other
  column, including any added later, must be unchanged).

The erasure's own entry (USER ERASE, naming the user by id only) records each such rewrite.

Revision ID: 70a758a5fdf9
Revises: 2d3b612d8074
Create Date: 2026-11-30 00:19:06.835852
"""

from collections.abc import Sequence

from alembic import op

revision: str = '70a758a5fdf9'
down_revision: str | None = '2d3b612d8074'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UPGRADE = """
DROP TRIGGER audit_entries_immutable ON audit_entries;
CREATE TRIGGER audit_entries_no_removal BEFORE DELETE OR TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_immutable();
CREATE FUNCTION audit_entries_erasure_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('crm.erasure', true), '') <> 'on' THEN
    RAISE EXCEPTION 'audit entries cannot be changed or removed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (to_jsonb(NEW) - 'subject_label' - 'changes') IS DISTINCT FROM (to_jsonb(OLD) - 'subject_label' - 'changes') THEN
    RAISE EXCEPTION 'an erasure rewrites only an audit entry''s subject_label and changes'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_entries_erasure_only BEFORE UPDATE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_erasure_only();
"""

DOWNGRADE = """
DROP TRIGGER audit_entries_erasure_only ON audit_entries;
DROP FUNCTION audit_entries_erasure_only();
DROP TRIGGER audit_entries_no_removal ON audit_entries;
CREATE TRIGGER audit_entries_immutable BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_immutable();
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
