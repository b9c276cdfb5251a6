import { Tag, Typography } from 'antd';
import type { RegisterRow } from '../api/types';

export const REQUEST_STATUS_OPTIONS = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'WITHDRAWN', label: 'Withdrawn' },
];

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'warning',
};

/** A request's status as a coloured tag ('Withdrawing' while a withdrawal is on its way). */
export function RequestStatusTag({ status, withdrawing = false }: { status: string; withdrawing?: boolean }) {
  const label = withdrawing
    ? 'Withdrawing'
    : (REQUEST_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status);
  return (
    <Tag color={withdrawing ? 'warning' : (STATUS_COLORS[status] ?? 'default')} variant="filled">
      {label}
    </Tag>
  );
}

/** 'Andi Pratama', or 'Adi Nugroho on behalf of Putri Maharani' when an administrator made it. */
export function requesterText(requestedBy: string | null | undefined, onBehalfOf: string | null | undefined): string {
  const by = requestedBy ?? '-';
  return onBehalfOf ? `${by} on behalf of ${onBehalfOf}` : by;
}

/** Who asked, under it on whose behalf. */
export function RequesterCell({ row }: { row: Pick<RegisterRow, 'requestedByName' | 'onBehalfOfName'> }) {
  if (!row.onBehalfOfName) return <>{row.requestedByName ?? '-'}</>;
  return (
    <span>
      {row.requestedByName}
      <Typography.Text type="secondary" className="register-on-behalf">
        {' '}
        on behalf of {row.onBehalfOfName}
      </Typography.Text>
    </span>
  );
}

/** What is asked: the type, then the target stage or the cost sheet revision. */
export function whatText(row: Pick<RegisterRow, 'requestTypeLabel' | 'targetStageName' | 'revision'>): string {
  if (row.targetStageName) return `${row.requestTypeLabel} to ${row.targetStageName}`;
  if (row.revision !== null && row.revision !== undefined) return `${row.requestTypeLabel}, revision ${row.revision}`;
  return row.requestTypeLabel;
}

const VERBS: Record<string, string> = {
  CHANGE_LEAD_STAGE: 'move',
  HOLD_LEAD: 'hold',
  DROP_LEAD: 'drop',
  CLOSE_LEAD: 'close',
  PCS: 'approve the cost sheet of',
};

/** "hold 'Core Banking' (PT Maju)", "move 'Core Banking' (PT Maju) to E4 Proposal": what the request asks. */
export function askedText(row: Pick<RegisterRow, 'requestType' | 'projectName' | 'clientName' | 'targetStageName'>): string {
  const lead = `'${row.projectName ?? 'the lead'}'${row.clientName ? ` (${row.clientName})` : ''}`;
  return `${VERBS[row.requestType] ?? 'change'} ${lead}${row.targetStageName ? ` to ${row.targetStageName}` : ''}`;
}
