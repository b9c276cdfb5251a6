import { Typography } from 'antd';
import { formatDateTime, formatIDR } from '@/lib/format';
import type { TargetRow } from '../api/targets-api';

/** A target set (in rupiah), or 'Not set' while none is. */
export function TargetAmount({ row, strong = false }: { row: TargetRow; strong?: boolean }) {
  if (row.id === null) {
    return <Typography.Text type="secondary" className="target-amount target-amount--none">Not set</Typography.Text>;
  }
  return (
    <Typography.Text strong={strong} className="target-amount">
      {formatIDR(row.amount)}
    </Typography.Text>
  );
}

/** When the target was set last, and by whom; '-' while none is. */
export function LastChange({ row }: { row: TargetRow }) {
  if (row.id === null || !row.updatedAt) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <div className="target-change">
      <span className="target-change__when">{formatDateTime(row.updatedAt)}</span>
      {row.updatedByName && (
        <Typography.Text type="secondary" className="target-change__who">
          by {row.updatedByName}
        </Typography.Text>
      )}
    </div>
  );
}
