import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Grid, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Page, systemCrumbs } from '@/components/page';
import {
  DashboardFilters,
  defaultDashboardFilters,
  salesPeopleScope,
  toFiltersParam,
  type DashboardFiltersValue,
} from '@/components/dashboard-filters';
import { errorMessage, LOAD_FAILED } from '@/lib/api/errors';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED } from '@/lib/files';
import { formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { downloadReport, reportQueryOptions, type ReportFormat, type ReportKind } from '../api/reports-api';
import { ReportTable } from '../components/report-table';
import './report-page.css';

type Choice = 'pipeline' | 'closed' | 'leaderboard';
type ClosedBy = 'lead' | 'month';

const CHOICES: Array<{ value: Choice; label: string; short: string }> = [
  { value: 'pipeline', label: 'Pipeline by stage', short: 'Pipeline' },
  { value: 'closed', label: 'Closed leads', short: 'Closed leads' },
  { value: 'leaderboard', label: 'Leaderboard', short: 'Leaderboard' },
];

const ABOUT: Record<ReportKind, string> = {
  pipeline: 'Ongoing leads (new and waiting) per stage: their count, total GP and the GP expected to close this year.',
  'closed-leads': 'Every lead closed in the period, in the order they closed, with its revenue and GP.',
  'closed-by-month': 'Leads closed in each month of the period and their GP.',
  leaderboard: 'Each sales person’s leads closed in the year, their GP and how much of the year’s target it reaches.',
};

function kindOf(choice: Choice, closedBy: ClosedBy): ReportKind {
  if (choice === 'closed') return closedBy === 'month' ? 'closed-by-month' : 'closed-leads';
  return choice;
}

/** Reports (spec 3 §2.10 /system/report): the pipeline by stage, closed leads (per lead or per month) and the
 *  leaderboard, with the dashboard's filters, previewed here and downloaded as XLSX or CSV. */
export function ReportPage() {
  const { user } = useSession();
  const { notification } = App.useApp();
  const phone = Grid.useBreakpoint().sm === false;
  const [choice, setChoice] = useState<Choice>('pipeline');
  const [closedBy, setClosedBy] = useState<ClosedBy>('lead');
  const [filters, setFilters] = useState<DashboardFiltersValue>(() => defaultDashboardFilters());
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const kind = kindOf(choice, closedBy);
  const param = toFiltersParam(filters);
  const report = useQuery(reportQueryOptions(kind, param));
  const data = report.data;

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadReport(kind, format, param);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setBusy(null);
    }
  };

  const buttons = (['xlsx', 'csv'] as const).map((format) => (
    <Button
      key={format}
      type={format === 'xlsx' ? 'primary' : 'default'}
      icon={<DownloadOutlined />}
      loading={busy === format}
      disabled={busy !== null && busy !== format}
      onClick={() => void download(format)}
      aria-label={`Download ${format.toUpperCase()}`}
    >
      {format.toUpperCase()}
    </Button>
  ));

  return (
    <Page
      className="report-page"
      breadcrumb={systemCrumbs('Report')}
      title="Report"
      subtitle={data ? `${formatDate(data.periodStart)} – ${formatDate(data.periodEnd)}` : undefined}
      actions={<Flex gap={8}>{buttons}</Flex>}
    >
      <Card variant="borderless" className="report-page__controls">
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center" justify="space-between">
            <Segmented<Choice>
              aria-label="Report"
              options={CHOICES.map((c) => ({ value: c.value, label: phone ? c.short : c.label }))}
              value={choice}
              onChange={setChoice}
              className="report-page__choice"
            />
            {choice === 'closed' && (
              <Segmented<ClosedBy>
                aria-label="Closed leads by"
                options={[
                  { value: 'lead', label: 'Per lead' },
                  { value: 'month', label: 'Per month' },
                ]}
                value={closedBy}
                onChange={setClosedBy}
              />
            )}
          </Flex>
          <DashboardFilters
            value={filters}
            onChange={setFilters}
            salesPeople={salesPeopleScope(user)}
          />
        </Flex>
      </Card>

      <Card
        variant="borderless"
        className="report-page__table"
        title={<span className="report-page__title">{data?.title ?? CHOICES.find((c) => c.value === choice)?.label}</span>}
        extra={data && <Typography.Text type="secondary">{formatNumber(data.rowCount, 0)} rows</Typography.Text>}
      >
        <Typography.Paragraph type="secondary" className="report-page__about">
          {ABOUT[kind]}
        </Typography.Paragraph>
        {report.isError ? (
          <Alert type="error" showIcon title={errorMessage(report.error, LOAD_FAILED)} />
        ) : (
          <>
            <ReportTable
              report={data ?? { kind, title: '', periodStart: '', periodEnd: '', columns: [], rows: [], totals: null,
                rowCount: 0, previewLimit: 0 }}
              loading={report.isFetching}
            />
            {data && data.rowCount > data.rows.length && (
              <Typography.Paragraph type="secondary" className="report-page__more">
                Showing the first {formatNumber(data.rows.length, 0)} of {formatNumber(data.rowCount, 0)} rows; the
                downloads hold every row.
              </Typography.Paragraph>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}
