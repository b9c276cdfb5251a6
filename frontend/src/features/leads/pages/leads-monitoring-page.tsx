import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Grid, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { SavedViews } from '@/components/saved-views';
import { Page, systemCrumbs } from '@/components/page';
import { DateRangeFilter, ExportButton, TableFilter } from '@/components/data-table';
import { errorMessage } from '@/lib/api/errors';
import { formatIDR, formatNumber } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  LEADS_MANAGEMENT_PAGE,
  LEADS_MONITORING_PAGE,
  managementLink,
  managementOptionsQueryOptions,
  MONITORING_FILTERS,
  monitoringExportColumns,
  monitoringGrid,
  monitoringQueryOptions,
  type Monitoring,
  type MonitoringCell,
  type MonitoringFilters,
  type MonitoringRow,
} from '../api/ops-api';
import { stageLabel } from '../lib/labels';
import '../leads.css';

const STATUS_FILTER_OPTIONS = [
  { value: 'ONGOING', label: 'On Going' },
  { value: 'NEW', label: 'New' },
  { value: 'WAITING', label: 'Waiting' },
  { value: 'HOLD', label: 'On Hold' },
  { value: 'DROPPED', label: 'Dropped' },
  { value: 'CLOSED', label: 'Closed' },
];

/** A count that opens Leads Management filtered to it (a plain number without that page, or at zero). */
function CountLink({ count, to, label, linked }: { count: number; to: string; label: string; linked: boolean }) {
  if (!linked || count === 0) return <span className="monitoring__count">{formatNumber(count)}</span>;
  return (
    <Link to={to} aria-label={label} className="monitoring__count monitoring__count--link">
      {formatNumber(count)}
    </Link>
  );
}

interface GridProps {
  data: Monitoring;
  filters: MonitoringFilters;
  linked: boolean;
}

/**
 * A stage's count, opening Leads Management filtered to it, and its GP: one person's (`row`), or everyone's (the
 * totals) without one.
 */
function StageCount({ cell, stageName, row, filters, linked }: Omit<GridProps, 'data'> & {
  cell: MonitoringCell;
  stageName: string;
  row?: MonitoringRow;
}) {
  return (
    <>
      <CountLink
        count={cell.count}
        linked={linked}
        to={managementLink(filters, { salesPersonId: row?.salesPersonId, stageId: cell.stageId })}
        label={`${row?.salesFullname ?? 'All'}, ${stageName}: ${cell.count} leads`}
      />
      {cell.count > 0 && <span className="monitoring__gp">{formatIDR(cell.totalGrossProfit)}</span>}
    </>
  );
}

const STALE_DAYS = [30, 90] as const;

/** A person's leads not contacted for `days` (30 or 90), opening Leads Management filtered to them. */
function StaleLink({ row, days, filters, linked }: Omit<GridProps, 'data'> & { row: MonitoringRow; days: 30 | 90 }) {
  const n = days === 30 ? row.stale30 : row.stale90;
  return (
    <CountLink
      count={n}
      linked={linked}
      to={managementLink(filters, { salesPersonId: row.salesPersonId, stale: days })}
      label={`${row.salesFullname}: ${n} leads not contacted for ${days} days`}
    />
  );
}

/** At a desk: people down, stages across, then the row's total and its stale counts; totals at the foot. */
function MonitoringTable({ data, filters, linked }: GridProps) {
  const row = (r: MonitoringRow) => (
    <tr key={r.salesPersonId}>
      <th scope="row" className="monitoring__person">
        <span>{r.salesFullname}</span>
        {r.teamLeaderName && <span className="monitoring__team">{r.teamLeaderName}</span>}
      </th>
      {r.cells.map((c, i) => (
        <td key={c.stageId}>
          <StageCount cell={c} stageName={data.stages[i].stageName} row={r} filters={filters} linked={linked} />
        </td>
      ))}
      <td className="monitoring__total">
        <CountLink
          count={r.count}
          linked={linked}
          to={managementLink(filters, { salesPersonId: r.salesPersonId })}
          label={`${r.salesFullname}: ${r.count} leads`}
        />
        {r.count > 0 && <span className="monitoring__gp">{formatIDR(r.totalGrossProfit)}</span>}
      </td>
      {STALE_DAYS.map((days) => {
        const n = days === 30 ? r.stale30 : r.stale90;
        return (
          <td key={days} className={`monitoring__stale${n > 0 ? ` monitoring__stale--${days}` : ''}`}>
            <StaleLink row={r} days={days} filters={filters} linked={linked} />
          </td>
        );
      })}
    </tr>
  );
  return (
    <div className="monitoring__table-wrap">
      <table className="monitoring__table">
        <thead>
          <tr>
            <th scope="col">Sales Person</th>
            {data.stages.map((s) => (
              <th scope="col" key={s.id}>
                <span>{s.stageName}</span>
                <span className="monitoring__stage-desc">{s.stageDescription}</span>
              </th>
            ))}
            <th scope="col">Total</th>
            <th scope="col" className="monitoring__stale-head">30+ days</th>
            <th scope="col" className="monitoring__stale-head">90+ days</th>
          </tr>
        </thead>
        <tbody>{data.rows.map(row)}</tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {data.totals.map((c, i) => (
              <td key={c.stageId}>
                <StageCount cell={c} stageName={data.stages[i].stageName} filters={filters} linked={linked} />
              </td>
            ))}
            <td className="monitoring__total">
              <span className="monitoring__count">{formatNumber(data.count)}</span>
              <span className="monitoring__gp">{formatIDR(data.totalGrossProfit)}</span>
            </td>
            <td>{formatNumber(data.stale30)}</td>
            <td>{formatNumber(data.stale90)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** On a phone: a block per person, their stages as a list, so nothing scrolls sideways. */
function MonitoringBlocks({ data, filters, linked }: GridProps) {
  const block = (r: MonitoringRow) => (
    <Card key={r.salesPersonId} size="small" className="monitoring__block" title={r.salesFullname}
      extra={<span className="monitoring__block-total">{formatNumber(r.count)} · {formatIDR(r.totalGrossProfit)}</span>}>
      <ul className="monitoring__stages">
        {r.cells.map((c, i) => (
          <li key={c.stageId}>
            <span className="monitoring__stage-name">{stageLabel(data.stages[i].stageName, data.stages[i].stageDescription)}</span>
            <span className="monitoring__stage-figures">
              <StageCount cell={c} stageName={data.stages[i].stageName} row={r} filters={filters} linked={linked} />
            </span>
          </li>
        ))}
      </ul>
      <Flex gap={16} wrap className="monitoring__block-stale">
        {STALE_DAYS.map((days) => (
          <span key={days}>
            Not contacted {days}+ days: <StaleLink row={r} days={days} filters={filters} linked={linked} />
          </span>
        ))}
      </Flex>
    </Card>
  );
  return (
    <Flex vertical gap={12}>
      <Card size="small" className="monitoring__block monitoring__block--totals" title="All sales people"
        extra={<span className="monitoring__block-total">{formatNumber(data.count)} · {formatIDR(data.totalGrossProfit)}</span>}>
        <ul className="monitoring__stages">
          {data.totals.map((c, i) => (
            <li key={c.stageId}>
              <span className="monitoring__stage-name">{stageLabel(data.stages[i].stageName, data.stages[i].stageDescription)}</span>
              <span className="monitoring__stage-figures">
                <StageCount cell={c} stageName={data.stages[i].stageName} filters={filters} linked={linked} />
              </span>
            </li>
          ))}
        </ul>
        <Flex gap={16} wrap className="monitoring__block-stale">
          <span>Not contacted 30+ days: {formatNumber(data.stale30)}</span>
          <span>Not contacted 90+ days: {formatNumber(data.stale90)}</span>
        </Flex>
      </Card>
      {data.rows.map(block)}
    </Flex>
  );
}

/**
 * /system/leads-monitoring: lead counts and GP per sales person and stage of the leads the user sees, each person's
 * ongoing leads not contacted for 30 and 90 days (the cold-lead reminder's), totals per row and stage; a count
 * opens Leads Management filtered to it.
 */
export function LeadsMonitoringPage() {
  const access = usePageAccess(LEADS_MONITORING_PAGE);
  const management = usePageAccess(LEADS_MANAGEMENT_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  // the grid's filters, kept in the URL (Back comes back to the same grid)
  const [filters, setFilters] = useUrlFilters(MONITORING_FILTERS);
  const grid = useQuery({ ...monitoringQueryOptions(filters), enabled: access.isRead });
  const options = useQuery({ ...managementOptionsQueryOptions(), enabled: access.isRead });

  const toolbar = (
    <Flex gap={8} wrap className="list-filters monitoring__filters">
      <Flex gap={8} className="monitoring__actions">
        <SavedViews />
        {grid.data && grid.data.rows.length > 0 && (
          <ExportButton
            title="Leads Monitoring"
            columns={monitoringExportColumns(grid.data.stages)}
            run={() => monitoringGrid(filters)}
          />
        )}
      </Flex>
      <TableFilter
        name="team"
        placeholder="All teams"
        width={180}
        loading={options.isPending}
        value={filters.team}
        options={options.data?.teams.map((t) => ({ value: String(t.id), label: t.fullname }))}
        onChange={(value) => setFilters({ team: value ?? '' })}
      />
      <TableFilter
        name="status"
        placeholder="All statuses"
        value={filters.status}
        options={STATUS_FILTER_OPTIONS}
        onChange={(value) => setFilters({ status: value ?? '' })}
      />
      <DateRangeFilter
        name="created date"
        placeholder={['Created from', 'Created to']}
        from={filters.createdFrom}
        to={filters.createdTo}
        onChange={(from, to) => setFilters({ createdFrom: from, createdTo: to })}
      />
    </Flex>
  );

  let body;
  if (!access.isRead) body = <Alert type="info" showIcon title="You do not have access to Leads Monitoring." />;
  else if (grid.isError) {
    body = <Alert type="error" showIcon title="Error loading data" description={errorMessage(grid.error)} />;
  } else if (!grid.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (grid.data.rows.length === 0) body = <Empty description="No sales people to show." />;
  else {
    const props = { data: grid.data, filters, linked: management.isRead };
    body = phone ? <MonitoringBlocks {...props} /> : <MonitoringTable {...props} />;
  }

  return (
    <Page
      breadcrumb={systemCrumbs('Leads Monitoring')}
      title="Leads Monitoring"
      subtitle="Leads and gross profit per sales person and stage, and the leads going cold."
      width="full"
      card
    >
      {access.isRead && toolbar}
      <Typography.Paragraph type="secondary" className="monitoring__note">
        Counts and GP of the leads created in the chosen dates (all statuses unless filtered); 30+ and 90+ days count
        each person&apos;s ongoing leads not contacted for that long.
      </Typography.Paragraph>
      {body}
    </Page>
  );
}
