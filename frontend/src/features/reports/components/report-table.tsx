import { Grid, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { cardsForPhone, PhoneRowCard } from '@/components/data-table';
import { formatDate, formatIDR, formatMonth, formatNumber, formatRate } from '@/lib/format';
import type { ReportCell, ReportColumn, ReportTable as Report } from '../api/reports-api';

type Row = Report['rows'][number] & { key: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = new Set<ReportColumn['kind']>(['int', 'money', 'percent']);

/** A cell as the screen shows it: rupiah (lib/format's one money style), id-ID numbers, d-MMM-yyyy
 *  dates, MMM yyyy months. */
export function showCell(kind: ReportColumn['kind'], value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && (kind === 'date' || kind === 'month') && ISO_DATE.test(value)) {
    return kind === 'month' ? formatMonth(value) : formatDate(value);
  }
  if (typeof value !== 'number') return String(value);
  if (kind === 'money') return formatIDR(value);
  if (kind === 'percent') return formatRate(value);
  return formatNumber(value, 0);
}

/** The preview of a report: its columns as the server describes them, its totals as the last row; on a phone one card
 *  a row (the first column its title), the totals the last card. */
export function ReportTable({ report, loading }: { report: Report; loading: boolean }) {
  const phone = Grid.useBreakpoint().md === false;
  const columns: ColumnsType<Row> = report.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    align: NUMERIC.has(c.kind) ? 'right' : 'left',
    className: `report-table__${c.kind}`,
    render: (value: ReportCell) => {
      const text = showCell(c.kind, value);
      return c.kind === 'text' && text ? <span className="report-table__wrap">{text}</span> : text;
    },
  }));
  const rows: Row[] = report.rows.map((r, i) => ({ ...r, key: i }));
  const totals = report.totals;
  return (
    <Table<Row>
      className={phone ? 'report-table data-table--cards' : 'report-table'}
      size="middle"
      columns={phone ? cardsForPhone(columns) : columns}
      showHeader={!phone}
      tableLayout={phone ? 'fixed' : undefined}
      dataSource={rows}
      loading={loading}
      scroll={phone ? undefined : { x: 'max-content' }}
      locale={{ emptyText: 'No Data.' }}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false, size: 'small' } : false}
      summary={() =>
        totals && rows.length > 0 && phone ? (
          <Table.Summary>
            <Table.Summary.Row className="report-table__totals">
              <Table.Summary.Cell index={0} className="data-table__card-cell">
                <PhoneRowCard columns={columns} row={{ ...totals, key: -1 } as Row} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : totals && rows.length > 0 ? (
          <Table.Summary>
            <Table.Summary.Row className="report-table__totals">
              {report.columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i} align={NUMERIC.has(c.kind) ? 'right' : 'left'}>
                  <Typography.Text strong>{showCell(c.kind, totals[c.key])}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
