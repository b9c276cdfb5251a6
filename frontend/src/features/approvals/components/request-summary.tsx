import { Alert, Descriptions, Flex } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import type { RegisterRow, Timeline } from '../api/types';
import { ApprovalTimeline } from './approval-timeline';
import { requesterText, RequestStatusTag, whatText } from './register-cells';
import './approvals.css';

/** A request of the registers: what it asks, on which lead, who asked (for whom), its status; if withdrawn, who
 *  withdrew it and why; then its layers. */
export function RequestSummary({ row, timeline }: { row: RegisterRow; timeline: Timeline }) {
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'what', label: 'Request', children: whatText(row) },
          { key: 'status', label: 'Status', children: <RequestStatusTag status={row.status} withdrawing={row.withdrawing} /> },
          {
            key: 'lead',
            label: 'Lead',
            children: (
              <Link to={`/leads/${row.leadId}`}>
                {row.projectName ?? `Lead #${row.leadId}`}
                {row.clientName ? ` (${row.clientName})` : ''}
              </Link>
            ),
          },
          { key: 'sales', label: 'Sales person', children: row.salesPersonName ?? '-' },
          { key: 'by', label: 'Requested by', children: requesterText(row.requestedByName, row.onBehalfOfName) },
          { key: 'at', label: 'Requested at', children: formatDateTime(row.requestedAt) },
          { key: 'notes', label: 'Notes', children: row.notes ?? '-', span: 'filled' },
        ]}
      />
      {timeline.withdrawnByName && (
        <Alert
          type="warning"
          showIcon
          title={
            row.status === 'WITHDRAWN'
              ? `Withdrawn by ${timeline.withdrawnByName}${timeline.withdrawnAt ? ` on ${formatDateTime(timeline.withdrawnAt)}` : ''}`
              : `Being withdrawn by ${timeline.withdrawnByName}`
          }
          description={timeline.withdrawReason}
        />
      )}
      <ApprovalTimeline timeline={timeline} />
    </Flex>
  );
}
