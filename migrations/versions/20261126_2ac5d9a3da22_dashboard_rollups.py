"""dashboard rollups

Revision ID: 2ac5d9a3da22
Revises: 74254bcfd90c
Create Date: 2026-11-26 19:47:44.256933
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from api.core.config import get_settings

# The triggers that keep the rollups (api/dashboard/models.py says what each holds). A lead counts as ongoing while
# its status is NEW or WAITING (api.leads.models.ONGOING) and as closed once closed_at is set. A change is applied as
# two deltas, the one of the smaller key first, so that concurrent moves between the same rows cannot deadlock.
FUNCTIONS = """
CREATE FUNCTION dashboard_bump_ongoing(p_sales integer, p_stage integer, p_year integer, p_n integer, p_gp numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_ongoing AS r (sales_person_id, stage_id, close_year, lead_count, gross_profit)
  VALUES (p_sales, p_stage, p_year, p_n, p_gp)
  ON CONFLICT (sales_person_id, stage_id, close_year) DO UPDATE
  SET lead_count = r.lead_count + excluded.lead_count, gross_profit = r.gross_profit + excluded.gross_profit
$$;

CREATE FUNCTION dashboard_bump_closed(p_sales integer, p_month date, p_n integer, p_gp numeric, p_days numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_closed_months AS r (sales_person_id, month, lead_count, gross_profit, cycle_days)
  VALUES (p_sales, p_month, p_n, p_gp, p_days)
  ON CONFLICT (sales_person_id, month) DO UPDATE
  SET lead_count = r.lead_count + excluded.lead_count, gross_profit = r.gross_profit + excluded.gross_profit,
      cycle_days = r.cycle_days + excluded.cycle_days
$$;

CREATE FUNCTION dashboard_bump_category(p_sales integer, p_month date, p_category integer, p_n integer,
                                        p_gp numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_closed_categories AS r (sales_person_id, month, service_category_id, lead_count, gross_profit)
  VALUES (p_sales, p_month, p_category, p_n, p_gp)
  ON CONFLICT (sales_person_id, month, service_category_id) DO UPDATE
  SET lead_count = r.lead_count + excluded.lead_count, gross_profit = r.gross_profit + excluded.gross_profit
$$;

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
  IF o_closed AND n_closed AND (OLD.sales_person_id, o_month) = (NEW.sales_person_id, n_month) THEN
    IF NEW.total_gross_profit <> OLD.total_gross_profit OR n_days <> o_days THEN
      PERFORM dashboard_bump_closed(NEW.sales_person_id, n_month, 0, NEW.total_gross_profit - OLD.total_gross_profit,
                                    n_days - o_days);
    END IF;
  ELSIF o_closed AND n_closed AND (NEW.sales_person_id, n_month) < (OLD.sales_person_id, o_month) THEN
    PERFORM dashboard_bump_closed(NEW.sales_person_id, n_month, 1, NEW.total_gross_profit, n_days);
    PERFORM dashboard_bump_closed(OLD.sales_person_id, o_month, -1, -OLD.total_gross_profit, -o_days);
  ELSE
    IF o_closed THEN
      PERFORM dashboard_bump_closed(OLD.sales_person_id, o_month, -1, -OLD.total_gross_profit, -o_days);
    END IF;
    IF n_closed THEN
      PERFORM dashboard_bump_closed(NEW.sales_person_id, n_month, 1, NEW.total_gross_profit, n_days);
    END IF;
  END IF;

  -- the lead's categories (an inserted lead has none yet; a deleted one was taken out by dashboard_lead_deleting)
  same_month := o_closed AND n_closed AND (OLD.sales_person_id, o_month) = (NEW.sales_person_id, n_month);
  IF TG_OP = 'UPDATE' AND (o_closed OR n_closed)
     AND NOT (same_month AND NEW.total_gross_profit = OLD.total_gross_profit) THEN
    FOR category IN SELECT service_category_id FROM lead_service_categories WHERE lead_id = NEW.id ORDER BY 1 LOOP
      IF same_month THEN
        PERFORM dashboard_bump_category(NEW.sales_person_id, n_month, category, 0,
                                        NEW.total_gross_profit - OLD.total_gross_profit);
      ELSIF o_closed AND n_closed AND (NEW.sales_person_id, n_month) < (OLD.sales_person_id, o_month) THEN
        PERFORM dashboard_bump_category(NEW.sales_person_id, n_month, category, 1, NEW.total_gross_profit);
        PERFORM dashboard_bump_category(OLD.sales_person_id, o_month, category, -1, -OLD.total_gross_profit);
      ELSE
        IF o_closed THEN
          PERFORM dashboard_bump_category(OLD.sales_person_id, o_month, category, -1, -OLD.total_gross_profit);
        END IF;
        IF n_closed THEN
          PERFORM dashboard_bump_category(NEW.sales_person_id, n_month, category, 1, NEW.total_gross_profit);
        END IF;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

-- before a lead goes, while its categories are still there (their rows go after it, by the foreign key's cascade,
-- and then find no lead)
CREATE FUNCTION dashboard_lead_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text; month date; category integer;
BEGIN
  IF OLD.closed_at IS NOT NULL THEN
    SELECT time_zone INTO zone FROM dashboard_rollup_zone;
    month := date_trunc('month', OLD.closed_at AT TIME ZONE zone)::date;
    FOR category IN SELECT service_category_id FROM lead_service_categories WHERE lead_id = OLD.id ORDER BY 1 LOOP
      PERFORM dashboard_bump_category(OLD.sales_person_id, month, category, -1, -OLD.total_gross_profit);
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;

-- a category added to, taken from or changed on a closed lead
CREATE FUNCTION dashboard_categories_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text; l record;
BEGIN
  SELECT time_zone INTO zone FROM dashboard_rollup_zone;
  IF TG_OP <> 'INSERT' THEN
    SELECT sales_person_id, closed_at, total_gross_profit INTO l FROM leads WHERE id = OLD.lead_id;
    IF FOUND AND l.closed_at IS NOT NULL THEN
      PERFORM dashboard_bump_category(l.sales_person_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date,
                                      OLD.service_category_id, -1, -l.total_gross_profit);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT sales_person_id, closed_at, total_gross_profit INTO l FROM leads WHERE id = NEW.lead_id;
    IF FOUND AND l.closed_at IS NOT NULL THEN
      PERFORM dashboard_bump_category(l.sales_person_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date,
                                      NEW.service_category_id, 1, l.total_gross_profit);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_categories_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_closed_categories;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_leads_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_ongoing;
  DELETE FROM dashboard_closed_months;
  DELETE FROM dashboard_closed_categories;
  RETURN NULL;
END
$$;

-- both rollups counted again from the leads, the months in the zone of dashboard_rollup_zone; leads are locked
-- against writes meanwhile (api/dashboard/rollups.py calls it when the time zone setting changes)
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
  SELECT sales_person_id, date_trunc('month', closed_at AT TIME ZONE zone)::date, count(*), sum(total_gross_profit),
         sum(extract(epoch FROM closed_at - created_at) / 86400)
  FROM leads WHERE closed_at IS NOT NULL GROUP BY 1, 2;
  INSERT INTO dashboard_closed_categories (sales_person_id, month, service_category_id, lead_count, gross_profit)
  SELECT l.sales_person_id, date_trunc('month', l.closed_at AT TIME ZONE zone)::date, c.service_category_id, count(*),
         sum(l.total_gross_profit)
  FROM leads l JOIN lead_service_categories c ON c.lead_id = l.id WHERE l.closed_at IS NOT NULL GROUP BY 1, 2, 3;
END
$$;

CREATE TRIGGER dashboard_rollup AFTER INSERT OR DELETE
  OR UPDATE OF status, stage_id, sales_person_id, total_gross_profit, expected_close_date, closed_at, created_at
  ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_leads_rollup();

CREATE TRIGGER dashboard_rollup_delete BEFORE DELETE ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_lead_deleting();

CREATE TRIGGER dashboard_rollup_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_leads_truncated();

CREATE TRIGGER dashboard_rollup AFTER INSERT OR DELETE OR UPDATE OF lead_id, service_category_id
  ON lead_service_categories FOR EACH ROW EXECUTE FUNCTION dashboard_categories_rollup();

CREATE TRIGGER dashboard_rollup_truncate AFTER TRUNCATE ON lead_service_categories
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_categories_truncated();
"""

DROP_FUNCTIONS = """
DROP TRIGGER dashboard_rollup_truncate ON lead_service_categories;
DROP TRIGGER dashboard_rollup ON lead_service_categories;
DROP TRIGGER dashboard_rollup_truncate ON leads;
DROP TRIGGER dashboard_rollup_delete ON leads;
DROP TRIGGER dashboard_rollup ON leads;
DROP FUNCTION dashboard_rollup_rebuild();
DROP FUNCTION dashboard_categories_truncated();
DROP FUNCTION dashboard_categories_rollup();
DROP FUNCTION dashboard_lead_deleting();
DROP FUNCTION dashboard_leads_truncated();
DROP FUNCTION dashboard_leads_rollup();
DROP FUNCTION dashboard_bump_category(integer, date, integer, integer, numeric);
DROP FUNCTION dashboard_bump_closed(integer, date, integer, numeric, numeric);
DROP FUNCTION dashboard_bump_ongoing(integer, integer, integer, integer, numeric);
"""


revision: str = '3592fd412e01'
down_revision: str | None = '74254bcfd90c'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None



revision: str = '2ac5d9a3da22'
down_revision: str | None = '74254bcfd90c'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.create_table('dashboard_rollup_zone',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('time_zone', sa.String(length=64), nullable=False),
    sa.CheckConstraint('id = 1', name=op.f('ck_dashboard_rollup_zone_one_row')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dashboard_rollup_zone'))
    )
    op.create_table('dashboard_closed_categories',
    sa.Column('sales_person_id', sa.Integer(), nullable=False),
    sa.Column('month', sa.Date(), nullable=False),
    sa.Column('service_category_id', sa.Integer(), nullable=False),
    sa.Column('lead_count', sa.Integer(), nullable=False),
    sa.Column('gross_profit', sa.Numeric(), nullable=False),
    sa.ForeignKeyConstraint(['sales_person_id'], ['users.id'], name=op.f('fk_dashboard_closed_categories_sales_person_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['service_category_id'], ['service_categories.id'], name=op.f('fk_dashboard_closed_categories_service_category_id_service_categories'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('sales_person_id', 'month', 'service_category_id', name=op.f('pk_dashboard_closed_categories'))
    )
    op.create_table('dashboard_closed_months',
    sa.Column('sales_person_id', sa.Integer(), nullable=False),
    sa.Column('month', sa.Date(), nullable=False),
    sa.Column('lead_count', sa.Integer(), nullable=False),
    sa.Column('gross_profit', sa.Numeric(), nullable=False),
    sa.Column('cycle_days', sa.Numeric(), nullable=False),
    sa.ForeignKeyConstraint(['sales_person_id'], ['users.id'], name=op.f('fk_dashboard_closed_months_sales_person_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('sales_person_id', 'month', name=op.f('pk_dashboard_closed_months'))
    )
    op.create_table('dashboard_ongoing',
    sa.Column('sales_person_id', sa.Integer(), nullable=False),
    sa.Column('stage_id', sa.Integer(), nullable=False),
    sa.Column('close_year', sa.Integer(), nullable=False),
    sa.Column('lead_count', sa.Integer(), nullable=False),
    sa.Column('gross_profit', sa.Numeric(), nullable=False),
    sa.ForeignKeyConstraint(['sales_person_id'], ['users.id'], name=op.f('fk_dashboard_ongoing_sales_person_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['stage_id'], ['stages.id'], name=op.f('fk_dashboard_ongoing_stage_id_stages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('sales_person_id', 'stage_id', 'close_year', name=op.f('pk_dashboard_ongoing'))
    )
    op.create_index('ix_leads_sales_created_cover', 'leads', ['sales_person_id', 'created_at'], unique=False, postgresql_include=['total_gross_profit', 'stage_id', 'status', 'project_type_id', 'entity_id'])
    # ### end Alembic commands ###
    op.execute(FUNCTIONS)
    # the months are counted in the configured zone; the API counts them again if the setting changes
    op.execute(sa.text("INSERT INTO dashboard_rollup_zone (id, time_zone) VALUES (1, :zone)")
               .bindparams(zone=get_settings().time_zone))
    op.execute("SELECT dashboard_rollup_rebuild()")


def downgrade() -> None:
    op.execute(DROP_FUNCTIONS)
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_index('ix_leads_sales_created_cover', table_name='leads', postgresql_include=['total_gross_profit', 'stage_id', 'status', 'project_type_id', 'entity_id'])
    op.drop_table('dashboard_ongoing')
    op.drop_table('dashboard_closed_months')
    op.drop_table('dashboard_closed_categories')
    op.drop_table('dashboard_rollup_zone')
    # ### end Alembic commands ###
