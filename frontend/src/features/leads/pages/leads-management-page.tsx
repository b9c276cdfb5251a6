import { UserSwitchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { AddButton, ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { DateRangeFilter, rowAction, rowMenuColumn, type ListFilter } from '@/components/data-table';
import { formatDate, formatIDR } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { clientsQueryOptions } from '@/lib/master-data';
import {
  LEADS_MANAGEMENT_PAGE,
  LEADS_MANAGEMENT_PATH,
  MANAGEMENT_FILTERS,
  MANAGEMENT_PAGE_SIZE,
  managedLeadsQueryOptions,
  managementOptionsQueryOptions,
  type ManagedLead,
} from '../api/ops-api';
import { LastContactedBadge } from '../components/last-contacted-badge';
import type { OwnerChangeDialogProps, OwnerChangeLead } from '../lib/composed';
import { stageLabel, STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import '../leads.css';

export const MANAGEMENT_SEARCH_PLACEHOLDER = 'Search project or client';
const ONGOING = 'NEW,WAITING';

export interface LeadsManagementPageProps {
  /** Change the owner of a row or of the chosen rows (Assignment Monitoring's dialog), given to those who may. */
  changeOwner?: ComponentType<OwnerChangeDialogProps>;
}

const moving = (row: ManagedLead): OwnerChangeLead => ({
  id: row.id,
  projectName: row.projectName,
  salesPersonId: row.salesPersonId,
  salesFullname: row.salesFullname,
});

/**
 * /system/leads-management: every lead the user may see (the board's visibility) as a server-paged table, filtered
 * by sales person, team, stage, status, client, created and expected-close dates and days without contact. Add and
 * Edit open the leads' own wizards; Change Owner (a row's, or the chosen rows') moves leads to another sales person.
 */
export function LeadsManagementPage({ changeOwner: ChangeOwner }: LeadsManagementPageProps = {}) {
  const access = usePageAccess(LEADS_MANAGEMENT_PAGE);
  // the rows chosen for a change of owner (kept across pages), and those the dialog moves
  const [chosen, setChosen] = useState<Map<number, OwnerChangeLead>>(new Map());
  const [changing, setChanging] = useState<OwnerChangeLead[] | null>(null);
  const navigate = useNavigate();
  const list = useServerList({
    pageSize: MANAGEMENT_PAGE_SIZE,
    filters: MANAGEMENT_FILTERS,
    canRead: access.isRead,
    query: managedLeadsQueryOptions,
  });
  const { table } = list;
  const f = table.filters;
  const options = useQuery({ ...managementOptionsQueryOptions(), enabled: access.isRead });
  const clients = useQuery({ ...clientsQueryOptions(), enabled: access.isRead });
  const showMenu = access.isEdit || access.isDelete || ChangeOwner !== undefined;
  const editPath = (id: number) => `${LEADS_MANAGEMENT_PATH}/edit/${id}`;

  const { sortable } = table;
  const columns: ColumnsType<ManagedLead> = [
    {
      title: 'Project',
      dataIndex: 'projectName',
      ...sortable('projectName'),
      width: 220,
      render: (name: string, row) => (
        <Flex vertical>
          <Link to={`/leads/${row.id}`}>{name}</Link>
          <Typography.Text type="secondary" className="managed-lead__client">
            {row.clientName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Sales Person',
      dataIndex: 'salesFullname',
      ...sortable('salesFullname'),
      render: (name: string, row) => (
        <Flex vertical>
          <span>{name}</span>
          {row.teamLeaderName && (
            <Typography.Text type="secondary" className="managed-lead__team">
              {row.teamLeaderName}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Stage',
      dataIndex: 'stageName',
      ...sortable('stage'),
      width: 130,
      render: (_: string, row) => (
        <Flex vertical gap={4} align="flex-start">
          <span className="managed-lead__stage">{stageLabel(row.stageName, row.stageDescription)}</span>
          <Tag color={STATUS_COLORS[row.status]}>{STATUS_LABELS[row.status]}</Tag>
        </Flex>
      ),
    },
    {
      title: 'Total GP',
      dataIndex: 'totalGrossProfit',
      ...sortable('totalGrossProfit'),
      align: 'right',
      width: 120,
      render: (gp: number) => <span className="nowrap">{formatIDR(gp)}</span>,
    },
    {
      title: 'Expected Close',
      dataIndex: 'expectedCloseDate',
      ...sortable('expectedCloseDate'),
      width: 124,
      render: (day: string | null) => <span className="nowrap">{formatDate(day)}</span>,
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      ...sortable('createdAt'),
      width: 116,
      // whole amounts and the row check box leave no room for it beside the sidebar at 1280 px: shown from 1600 px
      responsive: ['xxl'],
      render: (at: string) => <span className="nowrap">{formatDate(at)}</span>,
    },
    {
      title: 'Last Contacted',
      dataIndex: 'lastContacted',
      ...sortable('lastContacted'),
      width: 116,
      render: (days: number) => <LastContactedBadge days={days} />,
    },
    ...(showMenu
      ? [
          rowMenuColumn<ManagedLead>(
            (row) => row.projectName,
            (row) => [
              access.isEdit && rowAction.edit(() => navigate(editPath(row.id))),
              ChangeOwner !== undefined && {
                key: 'owner',
                icon: <UserSwitchOutlined />,
                label: 'Change Owner',
                onClick: () => setChanging([moving(row)]),
              },
            ],
          ),
        ]
      : []),
  ];

  const lookups = options.isPending;
  const filters: ListFilter[] = [
    {
      key: 'sales',
      name: 'sales person',
      placeholder: 'All sales people',
      width: 180,
      loading: lookups,
      options: options.data?.salesPersons.map((p) => ({ value: String(p.id), label: p.fullname })),
    },
    {
      key: 'team',
      name: 'team',
      placeholder: 'All teams',
      width: 170,
      loading: lookups,
      options: options.data?.teams.map((t) => ({ value: String(t.id), label: t.fullname })),
    },
    {
      key: 'stage',
      name: 'stage',
      placeholder: 'All stages',
      width: 160,
      loading: lookups,
      options: options.data?.stages.map((s) => ({ value: String(s.id), label: stageLabel(s.stageName, s.stageDescription) })),
    },
    {
      key: 'status',
      name: 'status',
      placeholder: 'All statuses',
      width: 140,
      options: [
        { value: ONGOING, label: 'On Going' },
        ...(options.data?.statuses ?? []).map((s) => ({ value: s.value, label: s.label })),
      ],
    },
    {
      key: 'client',
      name: 'client',
      placeholder: 'All clients',
      width: 190,
      loading: clients.isPending,
      options: clients.data?.map((c) => ({ value: String(c.id), label: c.clientName })),
    },
    {
      key: 'stale',
      name: 'days without contact',
      placeholder: 'Any last contact',
      width: 190,
      options: (options.data?.staleDays ?? [30, 90]).map((d) => ({ value: String(d), label: `Not contacted ${d}+ days` })),
    },
  ];

  return (
    <ServerListPage<ManagedLead>
      list={list}
      breadcrumb={systemCrumbs('Leads Management')}
      title="Leads Management"
      subtitle="Every lead you can see, whoever sells it: filter, sort, add and edit."
      action={access.isWrite && <AddButton to={`${LEADS_MANAGEMENT_PATH}/add`} label="Add Lead" />}
      noAccessText="You do not have access to view the leads."
      above={
        <>
          {chosen.size > 0 && ChangeOwner && (
            <Flex className="managed-leads__chosen" align="center" gap={8} wrap role="group" aria-label="Chosen leads">
              <Typography.Text strong>
                {chosen.size} {chosen.size === 1 ? 'lead' : 'leads'} chosen
              </Typography.Text>
              <Button type="primary" icon={<UserSwitchOutlined />} onClick={() => setChanging([...chosen.values()])}>
                Change Owner
              </Button>
              <Button type="link" onClick={() => setChosen(new Map())}>
                Clear
              </Button>
            </Flex>
          )}
          {ChangeOwner && (
            <ChangeOwner
              leads={changing ?? []}
              open={changing !== null}
              onClose={() => setChanging(null)}
              onDone={() => setChosen(new Map())}
            />
          )}
        </>
      }
      searchLabel={MANAGEMENT_SEARCH_PLACEHOLDER}
      filters={filters}
      filterControls={
        <>
          <DateRangeFilter
            name="created date"
            placeholder={['Created from', 'Created to']}
            from={f.createdFrom}
            to={f.createdTo}
            onChange={(from, to) => table.setFilters({ createdFrom: from, createdTo: to })}
          />
          <DateRangeFilter
            name="expected close date"
            placeholder={['Closing from', 'Closing to']}
            from={f.closeFrom}
            to={f.closeTo}
            onChange={(from, to) => table.setFilters({ closeFrom: from, closeTo: to })}
          />
        </>
      }
      keyColumn="projectName"
      rowKey="id"
      columns={columns}
      rowSelection={
        ChangeOwner && {
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          // the keys of every page; the rows of the pages seen (a row chosen on another page is kept as it was)
          onChange: (keys, rows) =>
            setChosen((before) => {
              const seen = new Map(rows.filter(Boolean).map((r) => [r.id, moving(r)]));
              const next = new Map<number, OwnerChangeLead>();
              keys.map(Number).forEach((id) => {
                const lead = seen.get(id) ?? before.get(id);
                if (lead) next.set(id, lead);
              });
              return next;
            }),
        }
      }
      wrap
    />
  );
}
