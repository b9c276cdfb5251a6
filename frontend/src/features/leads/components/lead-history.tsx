import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { leadHistoryQueryOptions } from '../api/leads-api';

const SHOWN_AT_FIRST = 8;

/** "projectName" -> "Project Name". */
export function fieldLabel(field: string): string {
  const spaced = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
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
              <Typography.Text strong>{fieldLabel(h.field)}</Typography.Text>
              <div className="history-entry__change">
                {h.oldValue !== null && h.newValue !== null
                  ? `${h.oldValue} → ${h.newValue}`
                  : h.newValue !== null
                    ? h.newValue
                    : `${h.oldValue ?? '-'} → -`}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {h.changedBy ?? 'System'} · {formatDateTime(h.changedAt)}
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
