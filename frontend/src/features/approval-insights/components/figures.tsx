import { Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatNumber, formatRate } from '@/lib/format';
import type { Figures } from '../api/insights-api';

/** Working hours as the screen writes them: "16,4 h"; '-' when there is no figure. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '-' : `${formatNumber(hours, 1)} h`;
}

/** "25,00%" over "1 of 4": a rejection rate with what it counts; '-' when nothing was decided. */
function Rejections({ f }: { f: Figures }) {
  if (f.rejectionRate === null) return <span>-</span>;
  return (
    <Flex vertical>
      <span>{formatRate(f.rejectionRate)}</span>
      <Typography.Text type="secondary" className="insights__count">{`${f.rejected} of ${f.decided}`}</Typography.Text>
    </Flex>
  );
}

function byNumber<T extends Figures>(pick: (f: T) => number | null) {
  return (a: T, b: T) => (pick(a) ?? -1) - (pick(b) ?? -1);
}

/** A count that deserves a look (late, escalated, overdue) in red when there is any. */
function Alarm({ n }: { n: number }) {
  return n > 0 ? <Tag color="red">{formatNumber(n, 0)}</Tag> : <span>0</span>;
}

/** What waits now: how many, the oldest's working hours, how many are past their due time. */
function Waiting({ f }: { f: Figures }) {
  // blocks, not a flex column: each line takes the cell's alignment (right at a desk, left in a phone's card)
  return (
    <>
      <div>{formatNumber(f.pending, 0)}</div>
      {f.oldestPendingHours !== null && (
        <Typography.Text type="secondary" className="insights__count insights__line">
          {`oldest ${formatHours(f.oldestPendingHours)}`}
        </Typography.Text>
      )}
      {f.overdue > 0 && (
        <div>
          <Tag color="red" className="insights__overdue">{`${formatNumber(f.overdue, 0)} overdue`}</Tag>
        </div>
      )}
    </>
  );
}

/** The figure columns every table of the screen shares after its own name columns, each sortable. */
export function figureColumns<T extends Figures>(): ColumnsType<T> {
  return [
    { title: 'Decided', dataIndex: 'decided', key: 'decided', align: 'right', sorter: byNumber((f) => f.decided) },
    {
      title: 'Rejected',
      key: 'rejectionRate',
      align: 'right',
      sorter: byNumber((f) => f.rejectionRate),
      render: (_, f) => <Rejections f={f} />,
    },
    {
      title: 'Median',
      key: 'p50Hours',
      align: 'right',
      sorter: byNumber((f) => f.p50Hours),
      render: (_, f) => formatHours(f.p50Hours),
    },
    {
      title: '90th pct',
      key: 'p90Hours',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: byNumber((f) => f.p90Hours),
      render: (_, f) => formatHours(f.p90Hours),
    },
    { title: 'Late', key: 'late', align: 'right', sorter: byNumber((f) => f.late), render: (_, f) => <Alarm n={f.late} /> },
    {
      title: 'Escalations',
      key: 'escalations',
      align: 'right',
      sorter: byNumber((f) => f.escalations),
      render: (_, f) => <Alarm n={f.escalations} />,
    },
    {
      title: 'Waiting now',
      key: 'pending',
      align: 'right',
      sorter: byNumber((f) => f.oldestPendingHours),
      render: (_, f) => <Waiting f={f} />,
    },
  ];
}

/** Every pipeline together, as a row of figures (two or three a line on a phone). */
export function Totals({ totals }: { totals: Figures }) {
  const items: Array<{ title: string; value: string; hint?: string; alarm?: boolean }> = [
    { title: 'Decided', value: formatNumber(totals.decided, 0), hint: 'requests, in the period' },
    { title: 'Rejection rate', value: totals.rejectionRate === null ? '-' : formatRate(totals.rejectionRate) },
    { title: 'Median to decide', value: formatHours(totals.p50Hours) },
    { title: '90th percentile', value: formatHours(totals.p90Hours) },
    { title: 'Late', value: formatNumber(totals.late, 0), hint: 'past a layer’s due time', alarm: totals.late > 0 },
    { title: 'Escalations', value: formatNumber(totals.escalations, 0), alarm: totals.escalations > 0 },
    { title: 'Pending now', value: formatNumber(totals.pending, 0) },
    { title: 'Oldest waiting', value: formatHours(totals.oldestPendingHours) },
    { title: 'Overdue now', value: formatNumber(totals.overdue, 0), alarm: totals.overdue > 0 },
  ];
  return (
    <Flex wrap gap={12} className="insights__totals" role="group" aria-label="Every pipeline">
      {items.map((item) => (
        <Card key={item.title} size="small" className="insights__total">
          <Typography.Text type="secondary" className="insights__total-title">
            {item.title}
          </Typography.Text>
          <div className={`insights__total-value${item.alarm ? ' insights__total-value--alarm' : ''}`}>{item.value}</div>
          {item.hint && (
            <Typography.Text type="secondary" className="insights__hint">
              {item.hint}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Flex>
  );
}
