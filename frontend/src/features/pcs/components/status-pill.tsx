import { Tag } from 'antd';
import { statusColor, statusLabel } from '../lib/sheet';

/** The sheet's status (spec §4); a button that opens the approval status when there is a status. */
export function StatusPill({ status, onClick }: { status: string | null | undefined; onClick?: () => void }) {
  const label = statusLabel(status);
  if (!status || !onClick) {
    return (
      <Tag color={statusColor(status)} className="pcs-status-pill" data-testid="pcs-status">
        {label}
      </Tag>
    );
  }
  return (
    <button type="button" className="pcs-status-button" onClick={onClick} aria-label={`Approval status: ${label}`}>
      <Tag color={statusColor(status)} className="pcs-status-pill" data-testid="pcs-status">
        {label}
      </Tag>
    </button>
  );
}
