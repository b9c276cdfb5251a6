import { EditOutlined } from '@ant-design/icons';
import { Button, Grid, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { OOPS } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import {
  NO_ACCESS_TEXT,
  SALES_TARGET_PAGE,
  SALES_TARGET_TITLE,
  TARGET_PAGE_SIZE,
  targetDetailPath,
  targetListQueryOptions,
  yearOf,
  type TargetRow,
} from '../api/targets-api';
import { LastChange, TargetAmount } from '../components/target-cells';
import { TargetDialog } from '../components/target-dialog';
import { TeamTotals } from '../components/team-totals';
import { YearPicker } from '../components/year-picker';
import '../components/sales-targets.css';

export const TARGET_SEARCH_LABEL = 'Search name or team leader';

/** The edit button of a row: 'Set' while no target is, 'Change' after. */
function EditButton({ row, onEdit }: { row: TargetRow; onEdit: () => void }) {
  const verb = row.id === null ? 'Set' : 'Change';
  return (
    <Button size="small" icon={<EditOutlined />} aria-label={`${verb} the target of ${row.fullname}`} onClick={onEdit}>
      {verb}
    </Button>
  );
}

/** A phone's row: the person, their leader, the target and its last change, one block. */
function TargetBlock({ row, canEdit, onEdit }: { row: TargetRow; canEdit: boolean; onEdit: () => void }) {
  return (
    <div className="target-block">
      <div className="target-block__head">
        <div className="target-block__who">
          <Link to={targetDetailPath(row.salesPersonId, row.year)} className="target-block__name">
            {row.fullname}
          </Link>
          <Typography.Text type="secondary" className="target-block__leader">
            {row.leaderName ? `Team of ${row.leaderName}` : 'No team leader'}
          </Typography.Text>
        </div>
        {canEdit && <EditButton row={row} onEdit={onEdit} />}
      </div>
      <div className="target-block__figures">
        <TargetAmount row={row} strong />
        {row.id !== null && <LastChange row={row} />}
      </div>
    </div>
  );
}

/**
 * /system/sales-target: each sales person's target for a year (this year unless the address names another), paged
 * and searchable on the server, with the year's grand total and team totals; top management sets a target in a
 * dialog, a team leader reads their team's.
 */
export function SalesTargetListPage() {
  const access = usePageAccess(SALES_TARGET_PAGE);
  const canEdit = access.isEdit;
  const phone = Grid.useBreakpoint().md === false;
  const thisYear = String(new Date().getFullYear());
  // the year is a filter of the list (in the address as ?year=), chosen with the picker by the title
  const list = useServerList({
    pageSize: TARGET_PAGE_SIZE,
    filters: { year: thisYear },
    canRead: access.isRead,
    query: (params, filters) => targetListQueryOptions({ ...params, year: yearOf(filters.year) }),
  });
  const { table, query } = list;
  const year = yearOf(table.filters.year);
  const [editing, setEditing] = useState<TargetRow | null>(null);
  const { sortOrder } = table;

  const wide: ColumnsType<TargetRow> = [
    {
      title: 'Sales person',
      dataIndex: 'fullname',
      key: 'fullname',
      sorter: true,
      sortOrder: sortOrder('fullname'),
      render: (name: string, row) => (
        <div className="target-person">
          <Link to={targetDetailPath(row.salesPersonId, row.year)}>{name}</Link>
          {row.nickname && <Typography.Text type="secondary">{row.nickname}</Typography.Text>}
        </div>
      ),
    },
    {
      title: 'Team leader',
      dataIndex: 'leaderName',
      key: 'leaderName',
      sorter: true,
      sortOrder: sortOrder('leaderName'),
      width: '24%',
      render: (name: string | null) => name ?? <Typography.Text type="secondary">No team leader</Typography.Text>,
    },
    {
      title: `Target ${year}`,
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      sortOrder: sortOrder('amount'),
      align: 'right',
      width: 190,
      render: (_: unknown, row) => <TargetAmount row={row} />,
    },
    { title: 'Last change', key: 'updatedAt', width: 180, render: (_: unknown, row) => <LastChange row={row} /> },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'actions',
            width: 112,
            align: 'right' as const,
            render: (_: unknown, row: TargetRow) => <EditButton row={row} onEdit={() => setEditing(row)} />,
          },
        ]
      : []),
  ];
  const blocks: ColumnsType<TargetRow> = [
    {
      title: 'Sales people',
      key: 'fullname',
      render: (_: unknown, row) => <TargetBlock row={row} canEdit={canEdit} onEdit={() => setEditing(row)} />,
    },
  ];

  return (
    <ServerListPage<TargetRow>
      list={list}
      breadcrumb={systemCrumbs(SALES_TARGET_TITLE)}
      title={SALES_TARGET_TITLE}
      subtitle={
        canEdit
          ? "Each sales person's yearly gross-profit target, and what their teams add up to."
          : "Your team's yearly gross-profit targets, set by top management."
      }
      action={access.isRead && <YearPicker value={year} onChange={(next) => table.setFilter('year', String(next))} />}
      noAccessText={NO_ACCESS_TEXT}
      errorFallback={OOPS}
      // the year's totals in a card above the list; the error in their place when the list fails
      before={query.error ? null : <TeamTotals page={query.data} loading={query.isFetching} />}
      above={<TargetDialog row={editing} onClose={() => setEditing(null)} />}
      searchLabel={TARGET_SEARCH_LABEL}
      rowKey="salesPersonId"
      className="sales-target-table"
      columns={phone ? blocks : wide}
      tableLayout="fixed"
      wrap
    />
  );
}
