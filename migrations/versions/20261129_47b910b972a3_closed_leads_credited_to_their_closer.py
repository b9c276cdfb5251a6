"""closed leads credited to their closer

Revision ID: 47b910b972a3
Revises: f311fbfad522
Create Date: 2026-11-29 08:54:39.148246
"""

import runpy
from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa
from alembic import op

# A closed lead's GP is credited to who closed it: `closed_by_id`, its sales person when it closed, set by the
# trigger `leads_closed_by` whatever writes the lead (the approval of a close, the seed, a script) and kept when a
# reassignment moves the lead to someone else. The dashboard's closed rollups count closed leads per closer: the
# functions of migration 'dashboard rollups' again, with closed_by_id where their closed parts read sales_person_id
# (the ongoing parts still follow the lead's owner).
CLOSED_BY = """
CREATE FUNCTION leads_closed_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.closed_at IS NULL THEN
    NEW.closed_by_id := NULL;
  ELSE
    NEW.closed_by_id := coalesce(NEW.closed_by_id, NEW.sales_person_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER leads_closed_by BEFORE INSERT OR UPDATE OF closed_at, closed_by_id ON leads
  FOR EACH ROW EXECUTE FUNCTION leads_closed_by();
"""

# Who owned each closed lead when it closed: the owner a reassignment after its closing moved it from (the first
# such entry of its history), else its sales person now.
BACKFILL = """
UPDATE leads l SET closed_by_id = coalesce(
  (SELECT h.old_value::integer FROM lead_histories h
   WHERE h.lead_id = l.id AND h.field = 'salesPersonId' AND h.changed_at > l.closed_at
     AND h.old_value ~ '^[0-9]+$' AND EXISTS (SELECT 1 FROM users u WHERE u.id = h.old_value::integer)
   ORDER BY h.changed_at, h.id LIMIT 1),
  l.sales_person_id)
WHERE l.closed_at IS NOT NULL
"""

ROLLUPS = """
CREATE FUNCTION dashboard_leads_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text; category integer; same_month boolean;
  o_ongoing boolean := false; n_ongoing boolean := false; o_closed boolean := false; n_closed boolean := false;
  o_year integer; n_year integer; o_month date; n_month date; o_days numeric; n_days numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o_ongoing := OLD.status IN ('NEW', 'WAITING');
    o_year := coalesce(extract(year FROM OLD.expected_close_date)::integer, 0);
    o_closed := OLD.closed_at IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n_ongoing := NEW.status IN ('NEW', 'WAITING');
    n_year := coalesce(extract(year FROM NEW.expected_close_date)::integer, 0);
    n_closed := NEW.closed_at IS NOT NULL;
  END IF;

  IF o_ongoing AND n_ongoing AND (OLD.sales_person_id, OLD.stage_id, o_year) = (NEW.sales_person_id, NEW.stage_id, n_year)
  THEN
    IF NEW.total_gross_profit <> OLD.total_gross_profit THEN
      PERFORM dashboard_bump_ongoing(NEW.sales_person_id, NEW.stage_id, n_year, 0,
                                     NEW.total_gross_profit - OLD.total_gross_profit);
    END IF;
  ELSIF o_ongoing AND n_ongoing AND (NEW.sales_person_id, NEW.stage_id, n_year) < (OLD.sales_person_id, OLD.stage_id, o_year)
  THEN
    PERFORM dashboard_bump_ongoing(NEW.sales_person_id, NEW.stage_id, n_year, 1, NEW.total_gross_profit);
    PERFORM dashboard_bump_ongoing(OLD.sales_person_id, OLD.stage_id, o_year, -1, -OLD.total_gross_profit);
  ELSE
    IF o_ongoing THEN
      PERFORM dashboard_bump_ongoing(OLD.sales_person_id, OLD.stage_id, o_year, -1, -OLD.total_gross_profit);
    END IF;
    IF n_ongoing THEN
      PERFORM dashboard_bump_ongoing(NEW.sales_person_id, NEW.stage_id, n_year, 1, NEW.total_gross_profit);
    END IF;
  END IF;

  IF o_closed OR n_closed THEN
    SELECT time_zone INTO zone FROM dashboard_rollup_zone;
  END IF;
  IF o_closed THEN
    o_month := date_trunc('month', OLD.closed_at AT TIME ZONE zone)::date;
    o_days := extract(epoch FROM OLD.closed_at - OLD.created_at) / 86400;
  END IF;
  IF n_closed THEN
    n_month := date_trunc('month', NEW.closed_at AT TIME ZONE zone)::date;
    n_days := extract(epoch FROM NEW.closed_at - NEW.created_at) / 86400;
  END IF;
  IF o_closed AND n_closed AND (OLD.closed_by_id, o_month) = (NEW.closed_by_id, n_month) THEN
    IF NEW.total_gross_profit <> OLD.total_gross_profit OR n_days <> o_days THEN
      PERFORM dashboard_bump_closed(NEW.closed_by_id, n_month, 0, NEW.total_gross_profit - OLD.total_gross_profit,
                                    n_days - o_days);
    END IF;
  ELSIF o_closed AND n_closed AND (NEW.closed_by_id, n_month) < (OLD.closed_by_id, o_month) THEN
    PERFORM dashboard_bump_closed(NEW.closed_by_id, n_month, 1, NEW.total_gross_profit, n_days);
    PERFORM dashboard_bump_closed(OLD.closed_by_id, o_month, -1, -OLD.total_gross_profit, -o_days);
  ELSE
    IF o_closed THEN
      PERFORM dashboard_bump_closed(OLD.closed_by_id, o_month, -1, -OLD.total_gross_profit, -o_days);
    END IF;
    IF n_closed THEN
      PERFORM dashboard_bump_closed(NEW.closed_by_id, n_month, 1, NEW.total_gross_profit, n_days);
    END IF;
  END IF;

  -- the lead's categories (an inserted lead has none yet; a deleted one was taken out by dashboard_lead_deleting)
  same_month := o_closed AND n_closed AND (OLD.closed_by_id, o_month) = (NEW.closed_by_id, n_month);
  IF TG_OP = 'UPDATE' AND (o_closed OR n_closed)
     AND NOT (same_month AND NEW.total_gross_profit = OLD.total_gross_profit) THEN
    FOR category IN SELECT service_category_id FROM lead_service_categories WHERE lead_id = NEW.id ORDER BY 1 LOOP
      IF same_month THEN
        PERFORM dashboard_bump_category(NEW.closed_by_id, n_month, category, 0,
                                        NEW.total_gross_profit - OLD.total_gross_profit);
      ELSIF o_closed AND n_closed AND (NEW.closed_by_id, n_month) < (OLD.closed_by_id, o_month) THEN
        PERFORM dashboard_bump_category(NEW.closed_by_id, n_month, category, 1, NEW.total_gross_profit);
        PERFORM dashboard_bump_category(OLD.closed_by_id, o_month, category, -1, -OLD.total_gross_profit);
      ELSE
        IF o_closed THEN
          PERFORM dashboard_bump_category(OLD.closed_by_id, o_month, category, -1, -OLD.total_gross_profit);
        END IF;
        IF n_closed THEN
          PERFORM dashboard_bump_category(NEW.closed_by_id, n_month, category, 1, NEW.total_gross_profit);
        END IF;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_lead_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text; month date; category integer;
BEGIN
  IF OLD.closed_at IS NOT NULL THEN
    SELECT time_zone INTO zone FROM dashboard_rollup_zone;
    month := date_trunc('month', OLD.closed_at AT TIME ZONE zone)::date;
    FOR category IN SELECT service_category_id FROM lead_service_categories WHERE lead_id = OLD.id ORDER BY 1 LOOP
      PERFORM dashboard_bump_category(OLD.closed_by_id, month, category, -1, -OLD.total_gross_profit);
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;

CREATE FUNCTION dashboard_categories_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text; l record;
BEGIN
  SELECT time_zone INTO zone FROM dashboard_rollup_zone;
  IF TG_OP <> 'INSERT' THEN
    SELECT closed_by_id, closed_at, total_gross_profit INTO l FROM leads WHERE id = OLD.lead_id;
    IF FOUND AND l.closed_at IS NOT NULL THEN
      PERFORM dashboard_bump_category(l.closed_by_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date,
                                      OLD.service_category_id, -1, -l.total_gross_profit);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT closed_by_id, closed_at, total_gross_profit INTO l FROM leads WHERE id = NEW.lead_id;
    IF FOUND AND l.closed_at IS NOT NULL THEN
      PERFORM dashboard_bump_category(l.closed_by_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date,
                                      NEW.service_category_id, 1, l.total_gross_profit);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  LOCK TABLE leads, lead_service_categories IN SHARE MODE;
  SELECT time_zone INTO zone FROM dashboard_rollup_zone;
  DELETE FROM dashboard_ongoing;
  DELETE FROM dashboard_closed_months;
  DELETE FROM dashboard_closed_categories;
  INSERT INTO dashboard_ongoing (sales_person_id, stage_id, close_year, lead_count, gross_profit)
  SELECT sales_person_id, stage_id, coalesce(extract(year FROM expected_close_date)::integer, 0), count(*),
         sum(total_gross_profit)
  FROM leads WHERE status IN ('NEW', 'WAITING') GROUP BY 1, 2, 3;
  INSERT INTO dashboard_closed_months (sales_person_id, month, lead_count, gross_profit, cycle_days)
  SELECT closed_by_id, date_trunc('month', closed_at AT TIME ZONE zone)::date, count(*), sum(total_gross_profit),
         sum(extract(epoch FROM closed_at - created_at) / 86400)
  FROM leads WHERE closed_at IS NOT NULL GROUP BY 1, 2;
  INSERT INTO dashboard_closed_categories (sales_person_id, month, service_category_id, lead_count, gross_profit)
  SELECT l.closed_by_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date, c.service_category_id, count(*),
         sum(l.total_gross_profit)
  FROM leads l JOIN lead_service_categories c ON c.lead_id = l.id WHERE l.closed_at IS NOT NULL GROUP BY 1, 2, 3;
END
$$;

CREATE TRIGGER dashboard_rollup AFTER INSERT OR DELETE
  OR UPDATE OF status, stage_id, sales_person_id, total_gross_profit, expected_close_date, closed_at, created_at,
               closed_by_id
  ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_leads_rollup();

CREATE TRIGGER dashboard_rollup_delete BEFORE DELETE ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_lead_deleting();

CREATE TRIGGER dashboard_rollup AFTER INSERT OR DELETE OR UPDATE OF lead_id, service_category_id
  ON lead_service_categories FOR EACH ROW EXECUTE FUNCTION dashboard_categories_rollup();
"""

# the functions ROLLUPS makes again, and their triggers
DROP_ROLLUPS = """
DROP TRIGGER dashboard_rollup ON lead_service_categories;
DROP TRIGGER dashboard_rollup_delete ON leads;
DROP TRIGGER dashboard_rollup ON leads;
DROP FUNCTION dashboard_rollup_rebuild();
DROP FUNCTION dashboard_categories_rollup();
DROP FUNCTION dashboard_lead_deleting();
DROP FUNCTION dashboard_leads_rollup();
"""


def _previous() -> dict[str, str]:
    """The rollups' functions and triggers as migration 'dashboard rollups' made them, and their removal (the
    functions here have the same names): FUNCTIONS, DROP_FUNCTIONS."""
    found = runpy.run_path(str(Path(__file__).with_name("20261126_2ac5d9a3da22_dashboard_rollups.py")))
    return {name: str(found[name]) for name in ("FUNCTIONS", "DROP_FUNCTIONS")}


revision: str = '47b910b972a3'
down_revision: str | None = 'f311fbfad522'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.add_column('leads', sa.Column('closed_by_id', sa.Integer(), nullable=True))
    op.drop_index(op.f('ix_leads_closed_cover'), table_name='leads', postgresql_where='(closed_at IS NOT NULL)', postgresql_include=['total_gross_profit', 'created_at', 'project_type_id', 'entity_id'])
    op.create_foreign_key(op.f('fk_leads_closed_by_id_users'), 'leads', 'users', ['closed_by_id'], ['id'])
    # ### end Alembic commands ###
    op.execute(DROP_ROLLUPS)  # the closed rollups are counted again below, per closer
    op.execute(BACKFILL)
    op.execute(CLOSED_BY)
    op.create_index('ix_leads_closed_cover', 'leads', ['closed_at', 'closed_by_id'], unique=False, postgresql_include=['total_gross_profit', 'created_at', 'project_type_id', 'entity_id'], postgresql_where=sa.text('closed_at IS NOT NULL'))
    op.execute(ROLLUPS)
    op.execute("SELECT dashboard_rollup_rebuild()")


def downgrade() -> None:
    previous = _previous()
    op.execute(previous["DROP_FUNCTIONS"])
    op.execute("DROP TRIGGER leads_closed_by ON leads; DROP FUNCTION leads_closed_by();")
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_constraint(op.f('fk_leads_closed_by_id_users'), 'leads', type_='foreignkey')
    op.drop_index('ix_leads_closed_cover', table_name='leads', postgresql_include=['total_gross_profit', 'created_at', 'project_type_id', 'entity_id'], postgresql_where=sa.text('closed_at IS NOT NULL'))
    op.create_index(op.f('ix_leads_closed_cover'), 'leads', ['closed_at', 'sales_person_id'], unique=False, postgresql_where='(closed_at IS NOT NULL)', postgresql_include=['total_gross_profit', 'created_at', 'project_type_id', 'entity_id'])
    op.drop_column('leads', 'closed_by_id')
    # ### end Alembic commands ###
    op.execute(previous["FUNCTIONS"])
    op.execute("SELECT dashboard_rollup_rebuild()")
