import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ListFilter } from '@/components/data-table';
import { salesPeopleScope } from '@/components/dashboard-filters';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED } from '@/lib/files';
import { formatDate, formatIDR, formatNumber } from '@/lib/format';
import { salesPersonsQueryOptions, salesUsersByLeaderQueryOptions } from '@/lib/master-data';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { usePageAccess, useSession } from '@/lib/session';
import {
  BILLING_PAGE,
  BILLING_PAGE_SIZE,
  billingListQueryOptions,
  exportBilling,
  moveBilling,
  type BillingFilters,
  type BillingPage,
  type BillingRow,
} from '../api/billing-api';
import { useBillingTable } from '../components/billing-table';
import { HistoryDrawer } from '../components/history-drawer';
import { StepBackDialog } from '../components/step-back-dialog';
import '../monthly-billing.css';

export const BILLING_SEARCH_PLACEHOLDER = 'Search project, client, PID or item';
const FILTERS = { status: '', period: '', client: '', sales: '' };
const MONTH = 'YYYY-MM';

function idOf(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The period is one address param, "2035-01..2035-03" (either end may be empty): its two months, '' for none. */
function periodOf(f: Record<string, string>): [string, string] {
  const [from = '', to = ''] = f.period ? f.period.split('..') : [];
  return [from, to];
}

/** The list call's filters, from the address's. */
function billingFilters(f: Record<string, string>): BillingFilters {
  const [from, to] = periodOf(f);
  return {
    status: f.status || undefined,
    monthFrom: from || undefined,
    monthTo: to || undefined,
    clientId: idOf(f.client),
    salesPersonId: idOf(f.sales),
  };
}

/** The grand total and each client's, of every row the filters keep. */
function Totals({ data }: { data: BillingPage }) {
  const paid = data.monthTotals.reduce((sum, m) => sum + m.paid, 0);
  return (
    <Flex vertical gap={8} className="billing-summary" data-testid="billing-totals">
      <Flex gap={16} wrap align="baseline">
        <Typography.Text>
          Total <strong data-testid="billing-grand-total">{formatIDR(data.grandTotal)}</strong>
        </Typography.Text>
        <Typography.Text type="secondary">
          paid {formatIDR(paid)} · {formatNumber(data.totalRows, 0)} {data.totalRows === 1 ? 'billing' : 'billings'}
        </Typography.Text>
      </Flex>
      {data.clientTotals.length > 0 && (
        <Flex vertical gap={2} className="billing-summary__clients" aria-label="Totals per client" role="list">
          {data.clientTotals.map((c) => (
            <div key={c.clientId} className="billing-summary__client" role="listitem">
              <Typography.Text>{c.clientName}</Typography.Text>
              <Typography.Text>
                {formatIDR(c.total)}
                <Typography.Text type="secondary"> · paid {formatIDR(c.paid)}</Typography.Text>
              </Typography.Text>
            </div>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * /system/monthly-billing: the billing of the approved cost sheets the user sees, month by month with each month's
 * total, the totals per client, filters (status, period, client, sales person) and the XLSX export. A row moves one
 * step forward after a confirmation (edit right) or, for an administrator with a reason, one back; the server
 * refuses a row someone else moved meanwhile, and its message is shown.
 */
export function MonthlyBillingPage() {
  const access = usePageAccess(BILLING_PAGE);
  const { user } = useSession();
  const { modal, message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const list = useServerList({
    pageSize: BILLING_PAGE_SIZE,
    filters: FILTERS,
    canRead: access.isRead,
    query: (params, f) => billingListQueryOptions(params, billingFilters(f), access.isRead),
  });
  const { table } = list;
  const [from, to] = periodOf(table.filters);
  const filters = billingFilters(table.filters);
  const scope = salesPeopleScope(user);
  const everyone = useQuery(salesPersonsQueryOptions(access.isRead && scope === 'all'));
  const team = useQuery(salesUsersByLeaderQueryOptions(access.isRead && scope === 'team'));
  const people = (scope === 'all' ? everyone.data : team.data) ?? [];
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [backOf, setBackOf] = useState<BillingRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const data = list.query.data;

  const refresh = () => invalidateDomains(queryClient, queryDomains.monthlyBilling, queryDomains.pcs);

  const forward = (row: BillingRow) =>
    modal.confirm({
      title: `Move to ${row.nextStatusLabel}?`,
      content: `${row.projectName} – ${row.description}, ${formatDate(row.schedule)}, ${formatIDR(row.amount)}: from ${row.statusLabel} to ${row.nextStatusLabel}.`,
      okText: 'Move',
      onOk: async () => {
        try {
          await moveBilling(row, row.nextStatus ?? '');
          void message.success(`Moved to ${row.nextStatusLabel}`);
        } catch (e) {
          modal.error({ title: 'The billing was not moved', content: errorMessage(e) });
        } finally {
          void refresh();
        }
      },
    });

  const back = async (row: BillingRow, note: string) => {
    try {
      await moveBilling(row, row.previousStatus ?? '', note);
      void message.success(`Moved back to ${row.previousStatusLabel}`);
    } catch (e) {
      if (isApiError(e) && e.status === 409) void refresh();
      throw e;
    }
    void refresh();
  };

  const download = async () => {
    setExporting(true);
    try {
      await exportBilling(filters, table.search);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setExporting(false);
    }
  };

  const tableProps = useBillingTable({
    rows: data?.data,
    monthTotals: data?.monthTotals,
    statuses: data?.statuses,
    access,
    sortable: table.sortable,
    onForward: forward,
    onBack: setBackOf,
    onHistory: (row) => setHistoryOf(row.id),
  });

  const period: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, MONTH) : null, to ? dayjs(to, MONTH) : null] : null;

  const selects: ListFilter[] = [
    {
      key: 'status',
      name: 'status',
      placeholder: 'All statuses',
      width: 190,
      options: data?.statuses.map((st) => ({ value: st.value, label: st.label })),
    },
    {
      key: 'client',
      name: 'client',
      placeholder: 'All clients',
      width: 180,
      options: data?.clientTotals.map((c) => ({ value: String(c.clientId), label: c.clientName })),
    },
    {
      key: 'sales',
      name: 'sales person',
      placeholder: 'All sales people',
      width: 180,
      options: people.map((p) => ({ value: String(p.id), label: p.fullname })),
      hidden: scope === 'none',
    },
  ];

  return (
    <ServerListPage<BillingRow>
      ownExport // its export.xlsx has each month's total and the grand total
      list={list}
      breadcrumb={systemCrumbs('Monthly Billing')}
      title="Monthly Billing"
      subtitle="The billing of approved cost sheets, month by month, and where each stands."
      action={
        access.isRead && (
          <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
            Export
          </Button>
        )
      }
      noAccessText="You do not have access to view the monthly billing."
      above={
        <>
          {data && <Totals data={data} />}
          <HistoryDrawer billingId={historyOf} statuses={data?.statuses} onClose={() => setHistoryOf(null)} />
          <StepBackDialog row={backOf} onMove={back} onClose={() => setBackOf(null)} />
        </>
      }
      searchLabel={BILLING_SEARCH_PLACEHOLDER}
      filters={selects}
      filterControls={
        <DatePicker.RangePicker
          picker="month"
          aria-label="Filter by period"
          className="billing-filters__period"
          placeholder={['From month', 'To month']}
          allowEmpty={[true, true]}
          value={period}
          onChange={(range) => {
            const [start, end] = [range?.[0]?.format(MONTH) ?? '', range?.[1]?.format(MONTH) ?? ''];
            table.setFilter('period', start || end ? `${start}..${end}` : undefined);
          }}
        />
      }
      {...tableProps}
    />
  );
}
