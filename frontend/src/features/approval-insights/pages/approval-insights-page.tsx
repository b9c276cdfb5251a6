import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { SavedViews } from '@/components/saved-views';
import { DataTable, DateRangeFilter, TableFilter } from '@/components/data-table';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED } from '@/lib/files';
import { formatDateRange } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  APPROVAL_INSIGHTS_PAGE,
  downloadInsights,
  insightOptionsQueryOptions,
  insightsQueryOptions,
  NO_FILTERS,
  type ApprovalInsights,
  type ApproverFigures,
  type Figures as FigureRow,
  type InsightFilters,
  type LayerFigures,
  type PipelineFigures,
} from '../api/insights-api';
import { figureColumns, Totals } from '../components/figures';
import { LayerTimesChart } from '../components/layer-times-chart';
import { OldestPending } from '../components/oldest-pending';
import './approval-insights-page.css';

export const NO_DECISIONS = 'No decisions in this period';

const NAME_WIDTH = 190;

const pipelineColumns: ColumnsType<PipelineFigures> = [
  { title: 'Pipeline', dataIndex: 'pipelineName', key: 'pipeline', width: NAME_WIDTH },
  ...figureColumns<PipelineFigures>(),
];

const layerColumns: ColumnsType<LayerFigures> = [
  {
    title: 'Layer',
    key: 'layer',
    width: NAME_WIDTH,
    render: (_, l) => (
      <Flex vertical>
        <span>{`${l.layerIndex + 1}. ${l.layerName}`}</span>
        <Typography.Text type="secondary">{l.pipelineName}</Typography.Text>
        {l.applied + l.skipped > 0 && (
          // a layer with conditions: how many requests of the period they sent to it, and how many skipped it
          <Typography.Text type="secondary" className="insights__route" data-testid="layer-route">
            {`Conditions held for ${l.applied}, skipped ${l.skipped}`}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  ...figureColumns<LayerFigures>(),
];

const approverColumns: ColumnsType<ApproverFigures> = [
  { title: 'Approver', dataIndex: 'approverName', key: 'approver', width: NAME_WIDTH },
  ...figureColumns<ApproverFigures>(),
];

function Section({ title, about, children }: { title: string; about: string; children: ReactNode }) {
  return (
    <Card variant="borderless" className="insights__section" title={<span className="insights__title">{title}</span>}>
      <Typography.Paragraph type="secondary" className="insights__about">
        {about}
      </Typography.Paragraph>
      {children}
    </Card>
  );
}

interface FigureSectionProps<T> {
  title: string;
  about: string;
  rowKey: (row: T) => string;
  keyColumn: string;
  columns: ColumnsType<T>;
  rows: T[];
  loading: boolean;
}

/** One table of figures (per pipeline, layer or approver) in its section. */
function FigureSection<T extends FigureRow>({ title, about, rowKey, keyColumn, columns, rows, loading }: FigureSectionProps<T>) {
  return (
    <Section title={title} about={about}>
      <DataTable<T>
        rowKey={rowKey}
        keyColumn={keyColumn}
        columns={columns}
        dataSource={rows}
        loading={loading}
        noPaging
        wrap
        emptyText={NO_DECISIONS}
      />
    </Section>
  );
}

function Figures({ data, loading }: { data: ApprovalInsights; loading: boolean }) {
  const nothing = data.totals.decided === 0 && data.totals.pending === 0 && data.totals.escalations === 0;
  if (nothing) {
    return (
      <Card variant="borderless" className="insights__section">
        <Empty description={NO_DECISIONS} />
      </Card>
    );
  }
  return (
    <>
      <Card variant="borderless" className="insights__section">
        <Totals totals={data.totals} />
        {data.totals.decided === 0 && (
          <Alert className="insights__none" type="info" showIcon title={`${NO_DECISIONS}; what waits now is below.`} />
        )}
      </Card>
      {data.totals.decided > 0 && (
        <Section title="Where the time goes" about="Median and 90th percentile working hours each layer took to decide.">
          <LayerTimesChart layers={data.layers} />
        </Section>
      )}
      <FigureSection<PipelineFigures>
        title="Per pipeline"
        about="Requests: from the request to its decision; late when a layer was decided after its due time."
        rowKey={(p) => String(p.pipelineId)}
        keyColumn="pipeline"
        columns={pipelineColumns}
        rows={data.pipelines}
        loading={loading}
      />
      <FigureSection<LayerFigures>
        title="Per layer"
        about="A layer: from its first task to its last decision; pending counts the requests waiting on it now."
        rowKey={(l) => `${l.pipelineId}-${l.layerIndex}`}
        keyColumn="layer"
        columns={layerColumns}
        rows={data.layers}
        loading={loading}
      />
      <FigureSection<ApproverFigures>
        title="Per approver"
        about="An approver: from their task to their decision (a delegate’s decision counts as theirs); escalations of layers still waiting on them."
        rowKey={(a) => String(a.approverId)}
        keyColumn="approver"
        columns={approverColumns}
        rows={data.approvers}
        loading={loading}
      />
      <Section title="Waiting longest" about="The ten requests waiting longest, oldest first, and who holds them now.">
        <OldestPending rows={data.oldestPending} loading={loading} />
      </Section>
    </>
  );
}

/**
 * /system/approval-insights: where the approvals' time goes, per pipeline, layer and approver, for a period, a request
 * type and a team; the ten requests waiting longest; the same as an XLSX book. Every time is in working hours (the
 * server says how it counts them).
 */
export function ApprovalInsightsPage() {
  const access = usePageAccess(APPROVAL_INSIGHTS_PAGE);
  const { notification } = App.useApp();
  // the filters, kept in the URL (a shared link or Back shows the same figures)
  const [filters, setFilters] = useUrlFilters<InsightFilters>(NO_FILTERS);
  const [busy, setBusy] = useState(false);
  const insights = useQuery({ ...insightsQueryOptions(filters), enabled: access.isRead });
  const options = useQuery({ ...insightOptionsQueryOptions(), enabled: access.isRead });
  const data = insights.data;

  const download = async () => {
    setBusy(true);
    try {
      await downloadInsights(filters);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setBusy(false);
    }
  };

  const toolbar = (
    <Flex gap={8} wrap className="list-filters insights__filters">
      <SavedViews />
      <DateRangeFilter
        name="period"
        placeholder={['From', 'To']}
        from={filters.from}
        to={filters.to}
        onChange={(from, to) => setFilters({ from, to })}
      />
      <TableFilter
        name="request type"
        placeholder="Every request type"
        width={190}
        loading={options.isPending}
        value={filters.type}
        options={options.data?.requestTypes.map((t) => ({ value: t.value, label: t.label }))}
        onChange={(value) => setFilters({ type: value ?? '' })}
      />
      <TableFilter
        name="team"
        placeholder="Every team"
        width={190}
        loading={options.isPending}
        value={filters.team}
        options={options.data?.teams.map((t) => ({ value: String(t.id), label: t.fullname }))}
        onChange={(value) => setFilters({ team: value ?? '' })}
      />
    </Flex>
  );

  let body;
  if (!access.isRead) body = <Alert type="info" showIcon title="You do not have access to Approval Insights." />;
  else if (insights.isError) {
    body = <Alert type="error" showIcon title="Error loading data" description={errorMessage(insights.error)} />;
  } else if (!data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else body = <Figures data={data} loading={insights.isFetching} />;

  return (
    <Page
      className="insights"
      breadcrumb={systemCrumbs('Approval Insights')}
      title="Approval Insights"
      subtitle={data ? formatDateRange(data.periodStart, data.periodEnd) : 'Where the approvals’ time goes'}
      actions={
        access.isRead && (
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
            XLSX
          </Button>
        )
      }
    >
      {access.isRead && (
        <Card variant="borderless" className="insights__section insights__controls">
          {toolbar}
          <Typography.Paragraph type="secondary" className="insights__note">
            {data?.workingDay.note ?? 'Times are working hours.'} Decided, late and escalations count the chosen
            period (the last {options.data?.defaultDays ?? 30} days unless chosen); pending and overdue are now.
          </Typography.Paragraph>
        </Card>
      )}
      {body}
    </Page>
  );
}
