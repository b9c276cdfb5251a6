import {
  CheckCircleOutlined,
  FieldTimeOutlined,
  InfoCircleOutlined,
  PlusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Result, Row, Segmented, Skeleton, Tabs, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Navigate } from 'react-router';
import {
  DashboardFilters,
  defaultDashboardFilters,
  salesPeopleScope,
  toFiltersParam,
  type DashboardFiltersValue,
} from '@/components/dashboard-filters';
import { Page } from '@/components/page';
import { formatDate } from '@/lib/format';
import { greeting } from '@/lib/greeting';
import { usePageAccess, useSession } from '@/lib/session';
import {
  gpTypeQueryOptions,
  revenuePerStageQueryOptions,
  salesCycleQueryOptions,
  salesPerformanceQueryOptions,
} from '../api/dashboard-api';
import { ActivityGrid } from '../components/activity-grid';
import { ClosedByGroup, GP_MEASURES, type GpMeasure } from '../components/closed-by-group';
import { Leaderboard } from '../components/leaderboard';
import { Milestone } from '../components/milestone';
import { MonthCompare, type MonthMeasure } from '../components/month-compare';
import { Pipeline } from '../components/pipeline';
import { RateCards } from '../components/rate-cards';
import { SalesCycleCard, SummaryCard, SummaryRow } from '../components/summary-cards';
import { TargetChart } from '../components/target-chart';
import { Widget, type WidgetState } from '../components/widget';
import { YearlyLine } from '../components/yearly-line';
import { COLORS } from '../lib/charts';
import { gpBars } from '../lib/gp-bars';
import {
  asDashboardKind,
  hasFullDashboardAccess,
  layoutOf,
  type DashboardKind,
  type SalesPerformance,
} from '../lib/types';
import '../dashboard.css';

/** What the spec's tag under the greeting means (spec 2 §2.6, §6: a hierarchy whitelist per role). */
export const WHITELIST_HINT =
  'Your role is whitelisted from the user hierarchy: you see every lead and every sales person, not only the people ' +
  'who report to you.';

/** "/" (spec 2 §2.6, §6): users without full access to the dashboard page go to /welcome; a role without a dashboard
 * component is told so; the others see their role's dashboard. */
export function DashboardPage() {
  const flags = usePageAccess('dashboard');
  const { user } = useSession();
  if (!hasFullDashboardAccess(flags)) return <Navigate to="/welcome" replace />;
  const kind = asDashboardKind(user?.dashboardComponent);
  if (!kind) {
    return (
      <div className="page">
        <Card variant="borderless" className="page-card">
          <Result
            status="info"
            title="You are not enrolled to any Dashboard"
            subTitle="Please contact Administrator to setup your dashboard."
          />
        </Card>
      </div>
    );
  }
  return <Dashboard kind={kind} />;
}

function GpToggle({ value, onChange }: { value: GpMeasure; onChange: (value: GpMeasure) => void }) {
  return <Segmented<GpMeasure> size="small" value={value} onChange={onChange} options={GP_MEASURES} />;
}

interface MonthWidgetProps {
  state: WidgetState;
  data: SalesPerformance | undefined;
  measure: MonthMeasure;
  onMeasure: (measure: MonthMeasure) => void;
}

/** Year-over-year closed leads per month, with the Total and GP Amount tabs. */
function MonthWidget({ state, data, measure, onMeasure }: MonthWidgetProps) {
  return (
    <Widget title="Closed Leads per Month" state={state} testId="per-month">
      <Tabs
        size="small"
        activeKey={measure}
        onChange={(key) => onMeasure(key as MonthMeasure)}
        items={[
          { key: 'total', label: 'Total' },
          { key: 'gp', label: 'GP Amount' },
        ]}
      />
      {data && (
        <MonthCompare
          rows={measure === 'total' ? data.closedLeadPerMonth : data.closedLeadPerMonthSum}
          year={data.year}
          measure={measure}
        />
      )}
    </Widget>
  );
}

function Dashboard({ kind }: { kind: DashboardKind }) {
  const { user } = useSession();
  const layout = layoutOf(kind);
  const [filters, setFilters] = useState<DashboardFiltersValue>(() => defaultDashboardFilters());
  const param = toFiltersParam(filters);
  const perf = useQuery(salesPerformanceQueryOptions(param));
  const stages = useQuery(revenuePerStageQueryOptions(param));
  const groups = useQuery(gpTypeQueryOptions(param));
  const cycle = useQuery(salesCycleQueryOptions(param));
  const [serviceMeasure, setServiceMeasure] = useState<GpMeasure>('gpTotal');
  const [typeMeasure, setTypeMeasure] = useState<GpMeasure>('gpTotal');
  const [monthMeasure, setMonthMeasure] = useState<MonthMeasure>('total');

  const name = user?.nickname || user?.fullname || '';
  const data = perf.data;
  const year = data?.year ?? dayjs().year();

  return (
    <Page
      className="dashboard-page"
      title={
        <span className="dashboard-head__title">
          {greeting(dayjs().hour())}, {name}
          {user?.hierarchyWhitelist && (
            <Tooltip title={WHITELIST_HINT} trigger={['hover', 'focus', 'click']}>
              <Tag className="dashboard-head__tag" tabIndex={0} aria-description={WHITELIST_HINT}>
                (Hierarchy Whitelisted) <InfoCircleOutlined aria-hidden />
              </Tag>
            </Tooltip>
          )}
        </span>
      }
      subtitle={
        <>
          {user?.roleDescription}
          {data && ` · ${formatDate(data.periodStart)} – ${formatDate(data.periodEnd)}`}
        </>
      }
      actions={
        <DashboardFilters
          value={filters}
          onChange={setFilters}
          salesPeople={salesPeopleScope(user)}
        />
      }
    >

      <Widget title={`${year} sales milestone`} state={perf} testId="milestone">
        {data && <Milestone data={data} />}
      </Widget>

      {perf.isLoading ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      ) : (
        data && (
          <>
            <SummaryRow>
              {[
                <SummaryCard
                  key="new"
                  title="New"
                  tone="blue"
                  icon={<PlusCircleOutlined />}
                  count={data.newLeads}
                  amount={data.newLeadsAmount}
                />,
                <SummaryCard
                  key="closed"
                  title="Closed"
                  tone="green"
                  icon={<CheckCircleOutlined />}
                  count={data.closeLeads}
                  amount={data.closeLeadsAmount}
                />,
                <SummaryCard
                  key="ongoing"
                  title="Total Ongoing"
                  tone="amber"
                  icon={<SyncOutlined />}
                  count={data.totalOngoingLeads}
                  amount={data.totalOngoingLeadsAmount}
                />,
                <SalesCycleCard
                  key="cycle"
                  icon={<FieldTimeOutlined />}
                  days={cycle.data?.averageDays ?? 0}
                  closed={cycle.data?.closedLeads ?? 0}
                />,
              ]}
            </SummaryRow>
            <RateCards data={data} />
          </>
        )
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Widget
            title={stages.data?.title ?? (kind === 'TOP_MANAGEMENT' ? 'SQL Lead Pipeline' : 'Lead Pipeline')}
            state={stages}
            testId="pipeline"
          >
            {stages.data && <Pipeline data={stages.data} />}
          </Widget>
        </Col>
        <Col xs={24} xl={10}>
          <Widget title="Yearly Closed GP" state={perf} testId="yearly">
            {data && <YearlyLine data={data} />}
          </Widget>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Widget
            title="Closed by Service"
            extra={<GpToggle value={serviceMeasure} onChange={setServiceMeasure} />}
            state={groups}
            empty={groups.data?.closedLeadGpByService.length === 0}
            testId="by-service"
          >
            {groups.data && (
              <ClosedByGroup
                bars={gpBars(groups.data, 'service', serviceMeasure)}
                measure={serviceMeasure}
                color={COLORS.primary}
              />
            )}
          </Widget>
        </Col>
        <Col xs={24} lg={12}>
          <Widget
            title="Closed by Project Type"
            extra={<GpToggle value={typeMeasure} onChange={setTypeMeasure} />}
            state={groups}
            empty={groups.data?.closedLeadGpByProjectType.length === 0}
            testId="by-type"
          >
            {groups.data && (
              <ClosedByGroup
                bars={gpBars(groups.data, 'type', typeMeasure)}
                measure={typeMeasure}
                color={COLORS.success}
              />
            )}
          </Widget>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={layout.perSalesChart ? 12 : 14}>
          <Widget title="Sales Leaderboard" state={perf} testId="leaderboard">
            {data && <Leaderboard rows={data.salesLeaderboard} />}
          </Widget>
        </Col>
        {layout.perSalesChart ? (
          <Col xs={24} xl={12}>
            <Widget
              title="Closed GP vs Remaining Target"
              state={perf}
              empty={data?.salesLeaderboard.length === 0}
              testId="targets"
            >
              {data && <TargetChart rows={data.salesLeaderboard} />}
            </Widget>
          </Col>
        ) : (
          <Col xs={24} xl={10}>
            <MonthWidget state={perf} data={data} measure={monthMeasure} onMeasure={setMonthMeasure} />
          </Col>
        )}
      </Row>

      {layout.perSalesChart && (
        <MonthWidget state={perf} data={data} measure={monthMeasure} onMeasure={setMonthMeasure} />
      )}

      {layout.activityGrid && (
        <Widget
          title="Weekly Sales Activity"
          state={perf}
          testId="activity"
        >
          {data && <ActivityGrid cells={data.salesActivityOverview ?? []} weekStart={data.weekStart} />}
        </Widget>
      )}
    </Page>
  );
}
