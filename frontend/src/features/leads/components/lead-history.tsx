import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { formatDate, formatDateTime, formatIDR, formatNumber } from '@/lib/format';
import { leadHistoryQueryOptions } from '../api/leads-api';
import type { LeadHistoryEntry } from '../api/types';

const SHOWN_AT_FIRST = 8;

const MONEY_FIELDS = new Set(['projectBudget', 'totalRevenue', 'totalGrossProfit']);
const DATE_FIELDS = new Set(['expectedCloseDate', 'projectStartDate', 'projectEndDate']);
/** The server sums up payment and billing rows as "2026-12-01 500000000.00; ..." (date, amount). */
const ROW_FIELDS = new Set(['payments', 'billingSchedules']);

/** A recorded value as the detail page shows it: rupiah, percent, dates; other values as they are. */
function historyValue(field: string, value: string): string {
  if (MONEY_FIELDS.has(field)) return formatIDR(value);
  if (field === 'grossProfitMargin') return `${formatNumber(value)}%`;
  if (DATE_FIELDS.has(field)) return formatDate(value);
  if (ROW_FIELDS.has(field)) {
    return value
      .split('; ')
      .map((row) => {
        const [date, amount] = row.split(' ');
        return `${formatDate(date)} ${formatIDR(amount)}`;
      })
      .join('; ');
  }
  return value;
}

/** "old → new" as the server names them (names for ids, words for codes); just the value when there was none. */
function historyChange({ field, oldLabel, newLabel }: LeadHistoryEntry): string {
  const show = (v: string | null) => (v === null ? '-' : historyValue(field, v));
  return oldLabel === null && newLabel !== null ? show(newLabel) : `${show(oldLabel)} → ${show(newLabel)}`;
}

/** The lead's change history, newest first (GET /leads/{id}/history). */
export function LeadHistory({ leadId }: { leadId: number }) {
  const history = useQuery(leadHistoryQueryOptions(leadId));
  const [all, setAll] = useState(false);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (history.isError || history.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Data." />;
  }
  const entries = all ? history.data : history.data.slice(0, SHOWN_AT_FIRST);
  return (
    <>
      <Timeline
        items={entries.map((h) => ({
          key: h.id,
          color: h.field === 'created' ? 'green' : 'blue',
          content: (
            <div>
              <Typography.Text strong>{h.label}</Typography.Text>
              <div className="history-entry__change">{historyChange(h)}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {h.changedBy} · {formatDateTime(h.changedAt)}
              </Typography.Text>
            </div>
          ),
        }))}
      />
      {history.data.length > SHOWN_AT_FIRST && (
        <Button type="link" size="small" onClick={() => setAll((v) => !v)}>
          {all ? 'Show less' : `Show all ${history.data.length}`}
        </Button>
      )}
    </>
  );
}
