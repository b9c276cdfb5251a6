import { AuditOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Grid, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageAccess } from '@/app/auth/auth-context';
import { ListPage } from '@/components/list-page';
import { DataTable, RefreshButton, TableSearch, useServerTable } from '@/components/data-table';
import { APPROVAL_PAGE_SIZE, approvalKeys, approvalQueueQueryOptions } from '../api/approvals-api';
import type { QueueRow } from '../api/types';
import { NO_LEADS_TEXT, ReviewDialog } from '../components/review-dialog';
import { formatRequestedAt, requestTypeLabel } from '../lib/labels';

export const APPROVAL_PAGE = 'system/approval';

/** Request type tags; closes and cost sheets are green. */
const TYPE_COLORS: Record<string, string> = { CHANGE_LEAD_STAGE: 'blue', HOLD_LEAD: 'orange', DROP_LEAD: 'red' };

/** /system/approval: the requests waiting for the caller's decision (spec 2 §2.5). */
export function ApprovalPage() {
  const access = usePageAccess(APPROVAL_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On phones the pinned actions shrink to icons, so the columns keep room to scroll beside them.
  const compact = Grid.useBreakpoint().md === false;
  const table = useServerTable({ pageSize: APPROVAL_PAGE_SIZE, sort: 'requestedAt', desc: true });
  const [reviewing, setReviewing] = useState<QueueRow | null>(null);
  const list = useQuery({ ...approvalQueueQueryOptions(table.params), enabled: access.isRead });
  const { sortOrder } = table;

  const columns: ColumnsType<QueueRow> = [
    {
      title: 'Request Type',
      dataIndex: 'requestType',
      key: 'requestType',
      sorter: true,
      sortOrder: sortOrder('requestType'),
      width: 160,
      render: (type: string) => <Tag color={TYPE_COLORS[type] ?? 'green'}>{requestTypeLabel(type)}</Tag>,
    },
    {
      title: 'Requested By',
      dataIndex: 'requestedByName',
      key: 'requestedByName',
      sorter: true,
      sortOrder: sortOrder('requestedByName'),
      width: 160,
      ellipsis: true,
    },
    {
      title: 'Client',
      dataIndex: 'clientName',
      key: 'clientName',
      sorter: true,
      sortOrder: sortOrder('clientName'),
      width: 180,
      ellipsis: true,
      render: (name: string | null) => name ?? '-',
    },
    {
      title: 'Project',
      dataIndex: 'projectName',
      key: 'projectName',
      sorter: true,
      sortOrder: sortOrder('projectName'),
      width: 220,
      ellipsis: true,
      render: (name: string | null, row) =>
        row.leadId ? (name ?? '-') : <Typography.Text type="secondary">{NO_LEADS_TEXT}</Typography.Text>,
    },
    {
      title: 'Stages',
      dataIndex: 'combinedStageDescriptions',
      key: 'combinedStageDescriptions',
      width: 210,
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    {
      title: 'Requested At',
      dataIndex: 'requestedAt',
      key: 'requestedAt',
      sorter: true,
      sortOrder: sortOrder('requestedAt'),
      width: 170,
      render: (value: string) => formatRequestedAt(value),
    },
    {
      title: 'Notes',
      dataIndex: 'notes',
      key: 'notes',
      width: 220,
      ellipsis: { showTitle: false },
      render: (notes: string | null) =>
        notes ? (
          <Tooltip title={notes} placement="topLeft">
            {notes}
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: '',
      key: 'actions',
      width: compact ? 96 : 196,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Flex gap={4}>
          <Button
            title={compact ? 'Detail' : undefined}
            size="small"
            icon={<EyeOutlined />}
            disabled={!row.leadId}
            aria-label={`Detail of request ${row.approvalId}`}
            onClick={() => navigate(row.requestType === 'PCS' ? `/leads/${row.leadId}/project-cost-sheet` : `/leads/${row.leadId}/view`)}
          >
            {!compact && 'Detail'}
          </Button>
          <Button
            title={compact ? 'Review' : undefined}
            size="small"
            type="primary"
            ghost
            icon={<AuditOutlined />}
            aria-label={`Review request ${row.approvalId}`}
            onClick={() => setReviewing(row)}
          >
            {!compact && 'Review'}
          </Button>
        </Flex>
      ),
    },
  ];
  // Every column has a width: the table keeps them and scrolls sideways inside the card when narrower.
  const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <>
      <ListPage
        title="Approval"
        subtitle="Requests waiting for your decision."
        canRead={access.isRead}
        noAccessText="You do not have access to view the approval list."
        error={list.error}
      >
        <DataTable<QueueRow>
          rowKey="approvalId"
          columns={columns}
          tableLayout="fixed"
          scroll={{ x: tableWidth }}
          dataSource={list.data?.data}
          loading={list.isFetching}
          server={table.server(list.data?.totalRows)}
          toolbar={
            <Flex gap={8} wrap>
              <TableSearch label="Search request" style={{ width: 260 }} onSearch={table.onSearch} />
              <RefreshButton
                loading={list.isFetching}
                onRefresh={() => queryClient.invalidateQueries({ queryKey: approvalKeys.all })}
              />
            </Flex>
          }
        />
      </ListPage>
      <ReviewDialog row={reviewing} canDecide={access.isEdit} onClose={() => setReviewing(null)} />
    </>
  );
}
