import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useCanOpen } from '@/lib/session';
import type { PendingRequest } from '../api/insights-api';
import { formatHours } from './figures';

/** Where a request's register entry (its timeline) opens. */
function registerPath(r: PendingRequest): string {
  return r.requestType === 'PCS' ? `/system/pcs-approval/${r.requestId}` : `/system/lead-approval/${r.requestId}/edit`;
}

function RequestName({ request }: { request: PendingRequest }) {
  const canOpen = useCanOpen(registerPath(request));
  const name = `#${request.requestId} ${request.requestTypeLabel}`;
  return canOpen ? <Link to={registerPath(request)}>{name}</Link> : <span>{name}</span>;
}

const columns: ColumnsType<PendingRequest> = [
  { title: 'Request', key: 'request', render: (_, r) => <RequestName request={r} /> },
  {
    title: 'Waiting on',
    key: 'layer',
    render: (_, r) => (
      <Flex vertical>
        <span>{`${r.layerIndex + 1}. ${r.layerName}`}</span>
        <Typography.Text type="secondary">{r.pipelineName}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Held by',
    key: 'holders',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.holders.length > 0 ? r.holders.join(', ') : 'Nobody yet'}</span>
        {r.escalatedTo && <Typography.Text type="secondary">Escalated to {r.escalatedTo}</Typography.Text>}
      </Flex>
    ),
  },
  { title: 'Requested by', dataIndex: 'requesterName', key: 'requesterName', responsive: ['md'] },
  { title: 'Requested', key: 'requestedAt', render: (_, r) => formatDateTime(r.requestedAt) },
  { title: 'Waiting', key: 'ageHours', align: 'right', render: (_, r) => formatHours(r.ageHours) },
  {
    title: 'Due',
    key: 'dueAt',
    render: (_, r) =>
      r.dueAt === null ? (
        'No deadline'
      ) : (
        <Flex gap={4} wrap align="center">
          <span>{formatDateTime(r.dueAt)}</span>
          {r.overdue && <Tag color="red">Overdue</Tag>}
        </Flex>
      ),
  },
];

/** The ten requests waiting longest, oldest first, with who holds them. */
export function OldestPending({ rows, loading }: { rows: PendingRequest[]; loading: boolean }) {
  return (
    <DataTable<PendingRequest>
      rowKey="requestId"
      keyColumn="request"
      columns={columns}
      dataSource={rows}
      loading={loading}
      noPaging
      wrap
      emptyText="Nothing is waiting for a decision."
    />
  );
}
