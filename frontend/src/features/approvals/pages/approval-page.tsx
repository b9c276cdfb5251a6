import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Grid } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { RefreshButton, TableSearch } from '@/components/data-table';
import { isRouteAllowed } from '@/lib/route-access';
import { usePageAccess, useSession } from '@/lib/session';
import { approvalKeys } from '../api/keys';
import { APPROVAL_PAGE_SIZE, approvalQueueQueryOptions } from '../api/approvals-api';
import type { QueueRow } from '../api/types';
import { useNow } from '../lib/due';
import {
  detailPath,
  DueCell,
  LeadCell,
  NotesCell,
  QueueActions,
  QueueCard,
  RequestCell,
  RequestedAtCell,
  StagesCell,
} from '../components/queue-cells';
import { BulkApproveButton, BulkResultDialog, type BulkResult } from '../components/bulk-approval';
import { OutOfOfficeButton } from '../components/delegations';
import { ReviewDialog } from '../components/review-dialog';

export const APPROVAL_PAGE = 'system/approval';

/**
 * Below this the columns would be squeezed, and the table scrolls inside its card instead. 1280 px with the
 * system sidebar open leaves about 900 px, so the whole queue (with its Due column) fits there without scrolling
 * sideways.
 */
export const QUEUE_MIN_WIDTH = 900;

/** /system/approval: the requests waiting for the caller's decision (spec 2 §2.5). */
export function ApprovalPage() {
  const access = usePageAccess(APPROVAL_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On phones each request is one block (one column), so nothing scrolls sideways.
  const compact = Grid.useBreakpoint().md === false;
  const list = useServerList({
    pageSize: APPROVAL_PAGE_SIZE,
    sort: 'requestedAt',
    desc: true,
    canRead: access.isRead,
    query: approvalQueueQueryOptions,
  });
  const { table, query } = list;
  const [reviewing, setReviewing] = useState<QueueRow | null>(null);
  const now = useNow();
  const { sortOrder } = table;
  const { routes, allRoutes } = useSession();
  const onDetail = (row: QueueRow) => navigate(detailPath(row, (path) => isRouteAllowed(path, routes, allRoutes)));
  // Rows selected for a bulk approval, kept across pages and refetches (by request).
  const [selected, setSelected] = useState<ReadonlyMap<number, QueueRow>>(new Map());
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);
  const onSelect = (keys: Key[], pageRows: (QueueRow | undefined)[]) =>
    setSelected((before) => {
      const next = new Map<number, QueueRow>();
      const byId = new Map(pageRows.filter((r): r is QueueRow => !!r).map((r) => [r.approvalId, r]));
      for (const key of keys) {
        const row = byId.get(Number(key)) ?? before.get(Number(key));
        if (row) next.set(row.approvalId, row);
      }
      return next;
    });
  // Notes opened with Expand, by request: live notifications refetch the queue, and that must not fold them.
  const [openNotes, setOpenNotes] = useState<ReadonlySet<number>>(new Set());
  const expandNotes = (approvalId: number) => (open: boolean) =>
    setOpenNotes((ids) => {
      const next = new Set(ids);
      if (open) next.add(approvalId);
      else next.delete(approvalId);
      return next;
    });

  // Project and notes take what the fixed columns leave; long texts wrap instead of widening the table.
  const wide: ColumnsType<QueueRow> = [
    {
      title: 'Request',
      dataIndex: 'requestType',
      key: 'requestType',
      sorter: true,
      sortOrder: sortOrder('requestType'),
      width: 128,
      render: (_: string, row) => <RequestCell row={row} />,
    },
    {
      title: 'Lead',
      dataIndex: 'projectName',
      key: 'projectName',
      sorter: true,
      sortOrder: sortOrder('projectName'),
      render: (_: string | null, row) => <LeadCell row={row} />,
    },
    {
      title: 'Stages',
      dataIndex: 'combinedStageDescriptions',
      key: 'combinedStageDescriptions',
      width: 124,
      render: (_: string | null, row) => <StagesCell row={row} />,
    },
    {
      title: 'Requested At',
      dataIndex: 'requestedAt',
      key: 'requestedAt',
      sorter: true,
      sortOrder: sortOrder('requestedAt'),
      width: 146,
      render: (value: string) => <RequestedAtCell value={value} />,
    },
    {
      title: 'Due',
      dataIndex: 'dueAt',
      key: 'dueAt',
      sorter: true,
      sortOrder: sortOrder('dueAt'),
      width: 104,
      className: 'approval-queue__due',
      render: (value: string | null) => <DueCell dueAt={value} now={now} />,
    },
    {
      title: 'Notes',
      dataIndex: 'notes',
      key: 'notes',
      render: (notes: string | null, row) => (
        <NotesCell notes={notes} expanded={openNotes.has(row.approvalId)} onExpand={expandNotes(row.approvalId)} />
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 108,
      render: (_: unknown, row) => <QueueActions row={row} vertical onDetail={onDetail} onReview={setReviewing} />,
    },
  ];
  const phone: ColumnsType<QueueRow> = [
    {
      title: 'Requests',
      dataIndex: 'requestedAt',
      key: 'requestedAt',
      sorter: true,
      sortOrder: sortOrder('requestedAt'),
      render: (_: string, row) => (
        <QueueCard
          row={row}
          onDetail={onDetail}
          onReview={setReviewing}
          notesExpanded={openNotes.has(row.approvalId)}
          onExpandNotes={expandNotes(row.approvalId)}
          now={now}
        />
      ),
    },
  ];

  return (
    <>
      <ServerListPage<QueueRow>
        list={list}
        breadcrumb={systemCrumbs('Approval')}
        title="Approval"
        subtitle="Requests waiting for your decision."
        action={access.isRead && <OutOfOfficeButton canEdit={access.isEdit} />}
        noAccessText="You do not have access to view the approval list."
        searchLabel="Search request"
        rowKey="approvalId"
        className="approval-queue"
        columns={compact ? phone : wide}
        tableLayout="fixed"
        // A phone's single column never scrolls sideways; wide screens only below QUEUE_MIN_WIDTH.
        scroll={compact ? {} : { x: QUEUE_MIN_WIDTH }}
        rowSelection={
          access.isEdit
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                columnWidth: compact ? 36 : 44,
                onChange: onSelect,
                // a decision already on its way is not decided again
                getCheckboxProps: (row) => ({
                  disabled: row.processing,
                  'aria-label': `Select request ${row.approvalId}`,
                }),
              }
            : undefined
        }
        // Not on the background refetches a live notification starts: the rows would fade every time.
        loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
        toolbar={
          <Flex gap={8} wrap className="approval-queue__toolbar">
            <Flex gap={8} style={{ flex: '1 1 240px', minWidth: 0 }}>
              <TableSearch label="Search request" style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 260 }} onSearch={table.onSearch} value={table.search} />
              <RefreshButton
                loading={query.isFetching}
                onRefresh={() => queryClient.invalidateQueries({ queryKey: approvalKeys.all })}
              />
            </Flex>
            {selected.size > 0 && (
              <Flex gap={8} align="center" className="approval-queue__selection">
                <Button type="link" onClick={() => setSelected(new Map())}>
                  Clear
                </Button>
                <BulkApproveButton
                  rows={selected}
                  onDone={(result) => {
                    setSelected(new Map());
                    setBulkResult(result);
                  }}
                />
              </Flex>
            )}
          </Flex>
        }
      />
      <ReviewDialog row={reviewing} canDecide={access.isEdit} onClose={() => setReviewing(null)} />
      <BulkResultDialog result={bulkResult} onClose={() => setBulkResult(null)} />
    </>
  );
}
