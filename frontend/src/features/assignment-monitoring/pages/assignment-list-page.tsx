import { SwapOutlined } from '@ant-design/icons';
import { Flex, Grid, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { AddButton, ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  ASSIGNMENT_PAGE,
  ASSIGNMENT_PATH,
  ASSIGNMENTS_PAGE_SIZE,
  assignmentPath,
  leadsText,
  reassignmentsQueryOptions,
  type ReassignmentRow,
} from '../api/assignment-api';
import '../assignment-monitoring.css';

export const ASSIGNMENTS_SEARCH_PLACEHOLDER = 'Search reason or names';
export const REASSIGN_TEXT = 'Reassign Leads';

/** On a phone: one block a reassignment (when, who to whom, how many, why), read top to bottom. */
function ReassignmentBlock({ row }: { row: ReassignmentRow }) {
  return (
    <div className="reassignment-block">
      <Link to={assignmentPath(row.id)}>{formatDateTime(row.at)}</Link>
      <Typography.Text strong className="reassignment-block__facts">
        {row.fromName} → {row.toName}
      </Typography.Text>
      <Typography.Text type="secondary" className="reassignment-block__facts">
        {leadsText(row.leadCount)} · by {row.byName}
      </Typography.Text>
      <Typography.Text className="reassignment-block__facts reassignment-reason">{row.reason}</Typography.Text>
    </div>
  );
}

export const NO_REASSIGNMENTS = 'No leads have been reassigned yet.';

/** Why the list is empty, and what to do: reassign (for those who may: the page's own button), or whom to ask. */
function NoReassignments({ search, canReassign }: { search: string; canReassign: boolean }) {
  if (search) return <>No reassignment matches &ldquo;{search}&rdquo;.</>;
  return (
    <Flex vertical align="center" gap={6} className="assignment-empty">
      <Typography.Text strong>{NO_REASSIGNMENTS}</Typography.Text>
      <Typography.Text type="secondary">
        Each time leads move from one sales person to another, among the people whose leads you see, it is listed
        here: when, by whom and why.
      </Typography.Text>
      {canReassign ? (
        <Typography.Text type="secondary">
          {REASSIGN_TEXT} (above) moves some of someone&apos;s leads, or a leaving sales person&apos;s whole book. One
          lead changes owner from its own page, and chosen rows from Leads Management.
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          Administrators and team leaders reassign leads: ask yours when someone&apos;s leads should move.
        </Typography.Text>
      )}
    </Flex>
  );
}

/** /system/assignment-monitoring: past reassignments, newest first, and (with write) Reassign Leads. */
export function AssignmentListPage() {
  const access = usePageAccess(ASSIGNMENT_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  const list = useServerList({
    pageSize: ASSIGNMENTS_PAGE_SIZE,
    canRead: access.isRead,
    query: reassignmentsQueryOptions,
  });
  const { sortable } = list.table;

  const columns: ColumnsType<ReassignmentRow> = phone
    ? [{ title: 'Reassignment', key: 'reassignment', render: (_: unknown, row) => <ReassignmentBlock row={row} /> }]
    : [
        {
          title: 'When',
          dataIndex: 'at',
          ...sortable('at'),
          width: 160,
          render: (at: string, row) => <Link to={assignmentPath(row.id)}>{formatDateTime(at)}</Link>,
        },
        { title: 'From', dataIndex: 'fromName', ...sortable('fromName') },
        { title: 'To', dataIndex: 'toName', ...sortable('toName') },
        { title: 'Leads', dataIndex: 'leadCount', ...sortable('leadCount'), width: 112, align: 'right' }, // its sorter fits beside it
        {
          title: 'Reason',
          dataIndex: 'reason',
          render: (reason: string) => <span className="reassignment-reason">{reason}</span>,
        },
        { title: 'By', dataIndex: 'byName', ...sortable('byName') },
      ];

  return (
    <ServerListPage<ReassignmentRow>
      list={list}
      breadcrumb={systemCrumbs('Assignment Monitoring')}
      title="Assignment Monitoring"
      subtitle="Leads moved from one sales person to another: when, by whom and why."
      action={access.isWrite && <AddButton to={`${ASSIGNMENT_PATH}/add`} label={REASSIGN_TEXT} icon={<SwapOutlined />} />}
      noAccessText="You do not have access to view the reassignments."
      searchLabel={ASSIGNMENTS_SEARCH_PLACEHOLDER}
      rowKey="id"
      columns={columns}
      tableLayout="fixed"
      wrap
      showHeader={!phone}
      emptyText={<NoReassignments search={list.table.search} canReassign={access.isWrite} />}
      scroll={phone ? {} : undefined}
    />
  );
}
