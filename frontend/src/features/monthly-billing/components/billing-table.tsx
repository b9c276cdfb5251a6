import { ArrowLeftOutlined, ArrowRightOutlined, HistoryOutlined } from '@ant-design/icons';
import { Flex, Grid, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { rowMenuColumn, type DataTableProps, type ServerTable } from '@/components/data-table';
import type { PageFlags } from '@/lib/api/types';
import { formatDate, formatIDR, formatMonth, formatNumber } from '@/lib/format';
import type { BillingRow, MonthTotal, StatusOption } from '../api/billing-api';
import { StatusTag } from './status-tag';

const NO_BILLING = 'No billing in this period.';

/** The ids of the page's rows that open a month (the first row of each month on the page). */
function monthStarts(rows: BillingRow[]): Set<number> {
  const starts = new Set<number>();
  rows.forEach((row, i) => {
    if (i === 0 || rows[i - 1].month !== row.month) starts.add(row.id);
  });
  return starts;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-month'?: string };

/** A body row of the table, preceded by its month's heading row when it opens a month: the heading is part of no
 *  page's row count, so the server's paging stays the table's. */
function rowWithHeading(count: number, totals: MonthTotal[]) {
  return function BodyRow(props: RowProps) {
    const month = props['data-month'];
    if (!month) return <tr {...props} />;
    return (
      <>
        <tr className="billing-table__month">
          <td colSpan={count} className="ant-table-cell">
            <MonthHeading month={month} total={totals.find((t) => t.month === month)} />
          </td>
        </tr>
        <tr {...props} />
      </>
    );
  };
}

function MonthHeading({ month, total: t }: { month: string; total: MonthTotal | undefined }) {
  return (
    <Flex gap={12} wrap align="baseline" justify="space-between" className="billing-month">
      <Typography.Text strong className="billing-month__name">
        {formatMonth(month)}
      </Typography.Text>
      {t && (
        <Typography.Text className="billing-month__total">
          <strong>{formatIDR(t.total)}</strong>
          <Typography.Text type="secondary">
            {' '}
            · {formatNumber(t.rows, 0)} {t.rows === 1 ? 'billing' : 'billings'} · paid {formatIDR(t.paid)}
          </Typography.Text>
        </Typography.Text>
      )}
    </Flex>
  );
}

function Project({ row }: { row: BillingRow }) {
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong>{row.projectName}</Typography.Text>
      <Typography.Text type="secondary">
        {row.clientName}
        {row.pidNumber && (
          <>
            {' · '}
            <span className="billing-pid">{row.pidNumber}</span>
          </>
        )}
      </Typography.Text>
    </Flex>
  );
}

function Item({ row }: { row: BillingRow }) {
  return (
    <Flex vertical gap={0}>
      <Typography.Text>{row.itemName}</Typography.Text>
      <Typography.Text type="secondary">{row.description}</Typography.Text>
    </Flex>
  );
}

/** On a phone: one block a billing, read top to bottom. */
function BillingBlock({ row, statuses }: { row: BillingRow; statuses: StatusOption[] | undefined }) {
  return (
    <div className="billing-block">
      <Project row={row} />
      <Typography.Text type="secondary" className="billing-block__line">
        {row.itemName} · {row.description} · {row.salesPersonName}
      </Typography.Text>
      <Flex gap={8} wrap align="center" justify="space-between" className="billing-block__line">
        <span>
          {formatDate(row.schedule)} · <strong>{formatIDR(row.amount)}</strong>
        </span>
        <StatusTag status={row.paymentStatus} statuses={statuses} />
      </Flex>
    </div>
  );
}

export interface BillingTableOptions {
  /** The page's rows (their month headings are drawn before the first row of each month). */
  rows: BillingRow[] | undefined;
  monthTotals: MonthTotal[] | undefined;
  statuses: StatusOption[] | undefined;
  access: PageFlags;
  /** A sortable column's props (useServerTable's `sortable`). */
  sortable: ServerTable['sortable'];
  onForward: (row: BillingRow) => void;
  onBack: (row: BillingRow) => void;
  onHistory: (row: BillingRow) => void;
}

/** The table of the billing rows (ServerListPage's table props): month by month, a heading row with the month's
 *  totals before each, paged on the server; a row's menu moves it one step forward (edit right), one back (delete
 *  right) or opens its history. */
export function useBillingTable(
  props: BillingTableOptions,
): Omit<DataTableProps<BillingRow>, 'dataSource' | 'server' | 'toolbar' | 'loading'> {
  const { rows, monthTotals, statuses, access, sortable } = props;
  const phone = Grid.useBreakpoint().md === false;

  const menu = rowMenuColumn<BillingRow>(
    (row) => `${row.projectName} ${row.itemName} ${row.description}`,
    (row) => [
      access.isEdit &&
        row.nextStatus !== null && {
          key: 'forward',
          icon: <ArrowRightOutlined />,
          label: `Move to ${row.nextStatusLabel}`,
          onClick: () => props.onForward(row),
        },
      access.isDelete &&
        row.previousStatus !== null && {
          key: 'back',
          icon: <ArrowLeftOutlined />,
          label: `Move back to ${row.previousStatusLabel}`,
          danger: true,
          onClick: () => props.onBack(row),
        },
      { key: 'history', icon: <HistoryOutlined />, label: 'History', onClick: () => props.onHistory(row) },
    ],
  );

  const billing = (render: (row: BillingRow) => ReactNode) => (_: unknown, row: BillingRow) => render(row);

  const body: ColumnType<BillingRow>[] = phone
    ? [{ title: 'Billing', key: 'billing', render: billing((row) => <BillingBlock row={row} statuses={statuses} />) }]
    : [
        {
          title: 'Schedule',
          ...sortable('schedule'),
          width: 132,
          render: billing((row) => formatDate(row.schedule)),
        },
        {
          title: 'Project',
          ...sortable('projectName'),
          render: billing((row) => (
            <Flex vertical gap={0}>
              <Project row={row} />
              <Typography.Text type="secondary">{row.salesPersonName}</Typography.Text>
            </Flex>
          )),
        },
        { title: 'Item', key: 'description', render: billing((row) => <Item row={row} />) },
        {
          title: 'Amount',
          ...sortable('amount'),
          width: 150,
          align: 'right',
          render: billing((row) => formatIDR(row.amount)),
        },
        {
          title: 'Status',
          ...sortable('paymentStatus'),
          width: 170,
          render: billing((row) => <StatusTag status={row.paymentStatus} statuses={statuses} />),
        },
      ];
  const columns: ColumnsType<BillingRow> = [...body, menu];
  const count = columns.length;
  const starts = monthStarts(rows ?? []);
  const totalsKey = JSON.stringify(monthTotals ?? []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the totals by their content, not their identity
  const row = useMemo(() => rowWithHeading(count, monthTotals ?? []), [count, totalsKey]);

  return {
    rowKey: 'id',
    className: 'billing-table',
    columns,
    tableLayout: 'fixed',
    wrap: true,
    showHeader: !phone,
    scroll: phone ? {} : undefined,
    components: { body: { row } },
    onRow: (r) => (starts.has(r.id) ? ({ 'data-month': r.month } as RowProps) : {}),
    emptyText: NO_BILLING,
  };
}
