import { Empty, Tag, Timeline, Typography } from 'antd';
import { formatDateTime, formatIDR } from '@/lib/format';
import type { TargetChange } from '../api/targets-api';

export const NO_CHANGES = 'No changes yet.';

/** +Rp 500.000.000 or -Rp 250.000.000: how much a change moved the target. */
function Delta({ change }: { change: TargetChange }) {
  if (change.oldAmount === null) return <Tag color="blue">First set</Tag>;
  const delta = change.newAmount - change.oldAmount;
  return <Tag color={delta >= 0 ? 'green' : 'volcano'}>{delta >= 0 ? `+${formatIDR(delta)}` : formatIDR(delta)}</Tag>;
}

/** The changes of a year's target, newest first: old → new, who and when. */
export function TargetHistory({ history }: { history: TargetChange[] }) {
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_CHANGES} />;
  return (
    <Timeline
      className="target-history"
      items={history.map((h, i) => ({
        key: `${h.changedAt}-${i}`,
        color: h.oldAmount === null ? 'blue' : h.newAmount >= h.oldAmount ? 'green' : 'red',
        content: (
          <div className="target-history__entry" data-testid="target-history-entry">
            <div className="target-history__change">
              {h.oldAmount === null ? (
                <span>Set to {formatIDR(h.newAmount)}</span>
              ) : (
                <span>
                  {formatIDR(h.oldAmount)} → <strong>{formatIDR(h.newAmount)}</strong>
                </span>
              )}
              <Delta change={h} />
            </div>
            <Typography.Text type="secondary" className="target-history__who">
              {h.changedBy ?? 'Someone no longer here'} · {formatDateTime(h.changedAt)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
