import { Tag } from 'antd';
import type { StatusOption } from '../api/billing-api';

/** A payment status as its label in its colour (both from the server's list). */
export function StatusTag({ status, statuses }: { status: string; statuses: StatusOption[] | undefined }) {
  const option = statuses?.find((s) => s.value === status);
  return (
    <Tag color={option?.color} className="billing-status" data-status={status}>
      {option?.label ?? status}
    </Tag>
  );
}
