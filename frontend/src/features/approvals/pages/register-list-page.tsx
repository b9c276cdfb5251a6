import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { AddButton, ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { DateRangeFilter, type ListFilter } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  datesOf,
  EMPTY_FILTERS,
  REGISTER_PAGE_SIZE,
  REGISTER_PAGES,
  REGISTER_PATHS,
  registerPeopleQueryOptions,
  registerQueryOptions,
  type RegisterFilters,
} from '../api/registers-api';
import type { RegisterKind, RegisterRow } from '../api/types';
import { REQUEST_STATUS_OPTIONS, RequesterCell, RequestStatusTag, whatText } from '../components/register-cells';
import { LEAD_ACTION_TYPES, requestTypeLabel } from '../lib/labels';
import '../components/approvals.css';

const TITLES: Record<RegisterKind, { title: string; subtitle: string; search: string }> = {
  lead: {
    title: 'Lead Approval',
    subtitle: 'Every stage change, hold, drop and close request on the leads you see, pending or decided.',
    search: 'Search project, client, people or notes',
  },
  pcs: {
    title: 'PCS Approval',
    subtitle: 'Every project cost sheet submitted for approval on the leads you see, pending or decided.',
    search: 'Search project, client or people',
  },
};

const TYPE_OPTIONS = LEAD_ACTION_TYPES.map((value) => ({ value, label: requestTypeLabel(value) }));

/** The path a request of the register opens. */
function requestPath(kind: RegisterKind, approvalId: number): string {
  return kind === 'lead' ? `${REGISTER_PATHS.lead}/${approvalId}/edit` : `${REGISTER_PATHS.pcs}/${approvalId}`;
}

/** /system/lead-approval and /system/pcs-approval: every request, server-paged, filtered and sorted. */
function RegisterListPage({ kind }: { kind: RegisterKind }) {
  const access = usePageAccess(REGISTER_PAGES[kind]);
  const list = useServerList({
    pageSize: REGISTER_PAGE_SIZE,
    sort: 'requestedAt',
    desc: true,
    filters: { ...EMPTY_FILTERS },
    canRead: access.isRead,
    query: (params, filters) => registerQueryOptions(kind, params, filters as unknown as RegisterFilters),
  });
  const { table } = list;
  const people = useQuery({ ...registerPeopleQueryOptions(kind), enabled: access.isRead });
  const peopleOptions = people.data?.map((p) => ({ value: String(p.id), label: p.fullname }));
  const { sortable } = table;
  const text = TITLES[kind];

  const columns: ColumnsType<RegisterRow> = [
    {
      title: 'Request',
      dataIndex: 'requestType',
      ...sortable('requestType'),
      render: (_: string, row) => (
        <Flex vertical>
          <Link to={requestPath(kind, row.approvalId)}>
            #{row.approvalId} {whatText(row)}
          </Link>
          {row.notes && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.notes }} className="register-notes">
              {row.notes}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Lead',
      dataIndex: 'projectName',
      ...sortable('projectName'),
      render: (_: string | null, row) => (
        <Flex vertical>
          <span>{row.projectName ?? '-'}</span>
          <Typography.Text type="secondary">{row.clientName ?? ''}</Typography.Text>
        </Flex>
      ),
    },
    { title: 'Sales person', dataIndex: 'salesPersonName', ...sortable('salesPersonName'), render: (v) => v ?? '-' },
    {
      title: 'Requested by',
      dataIndex: 'requestedByName',
      ...sortable('requestedByName'),
      render: (_: string | null, row) => <RequesterCell row={row} />,
    },
    {
      title: 'Requested at',
      dataIndex: 'requestedAt',
      ...sortable('requestedAt'),
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      ...sortable('status'),
      width: 120,
      render: (status: string, row) => <RequestStatusTag status={status} withdrawing={row.withdrawing} />,
    },
  ];

  const person = { width: 170, loading: people.isPending, options: peopleOptions };
  const toolbarFilters: ListFilter[] = [
    { key: 'type', name: 'type', placeholder: 'All types', width: 170, options: TYPE_OPTIONS, hidden: kind !== 'lead' },
    { key: 'status', name: 'status', placeholder: 'All statuses', width: 140, options: REQUEST_STATUS_OPTIONS },
    { key: 'requester', name: 'requester', placeholder: 'Any requester', ...person },
    { key: 'approver', name: 'approver', placeholder: 'Any approver', ...person },
  ];
  const dates = datesOf(table.filters as unknown as RegisterFilters);
  return (
    <ServerListPage<RegisterRow>
      list={list}
      breadcrumb={systemCrumbs(text.title)}
      title={text.title}
      subtitle={text.subtitle}
      action={kind === 'lead' && access.isWrite && <AddButton to={`${REGISTER_PATHS.lead}/add`} label="Add Request" />}
      noAccessText="You do not have access to view the approval requests."
      searchLabel={text.search}
      filters={toolbarFilters}
      filterControls={
        <DateRangeFilter
          name="date requested"
          placeholder={['Start date', 'End date']}
          openEnds={false}
          from={dates?.[0] ?? ''}
          to={dates?.[1] ?? ''}
          onChange={(from, to) => table.setFilter('dates', from && to ? `${from}_${to}` : undefined)}
        />
      }
      keyColumn="requestType"
      rowKey="approvalId"
      columns={columns}
      wrap
    />
  );
}

export function LeadRegisterPage() {
  return <RegisterListPage kind="lead" />;
}

export function PcsRegisterPage() {
  return <RegisterListPage kind="pcs" />;
}
