import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Grid, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, TableSearch, useListParams } from '@/components/data-table';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage, OOPS } from '@/lib/api/errors';
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
  const [list, setList] = useListParams({ pageSize: TARGET_PAGE_SIZE, filters: { year: thisYear } });
  const year = yearOf(list.filters.year);
  const params = {
    offset: (list.page - 1) * list.size,
    limit: list.size,
    sort: list.sort,
    desc: list.desc,
    search: list.search,
    year,
  };
  const query = useQuery({ ...targetListQueryOptions(params), enabled: access.isRead });
  const [editing, setEditing] = useState<TargetRow | null>(null);
  const sortOrder = (key: string) => (list.sort === key ? (list.desc ? 'descend' : 'ascend') : null);

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

  const content = !access.isRead ? (
    <Alert type="info" showIcon title={NO_ACCESS_TEXT} />
  ) : (
    <div className="sales-targets">
      {query.error ? (
        <Alert
          className="list-alert"
          type="error"
          showIcon
          title="Error loading data"
          description={errorMessage(query.error, OOPS)}
        />
      ) : (
        <TeamTotals page={query.data} loading={query.isFetching} />
      )}
      <Card variant="borderless" className="page-card">
        <DataTable<TargetRow>
          rowKey="salesPersonId"
          className="sales-target-table"
          columns={phone ? blocks : wide}
          tableLayout="fixed"
          wrap
          dataSource={query.data?.data}
          loading={query.isFetching}
          server={{
            offset: params.offset,
            limit: params.limit,
            sort: list.sort,
            desc: list.desc,
            total: query.data?.totalRows ?? 0,
            onChange: (q) =>
              setList({
                page: Math.floor(q.offset / Math.max(q.limit, 1)) + 1,
                size: q.limit,
                sort: q.sort,
                desc: q.desc,
              }),
          }}
          toolbar={
            <TableSearch
              label={TARGET_SEARCH_LABEL}
              value={list.search}
              onSearch={(term) => setList({ search: term, page: 1 })}
              style={{ maxWidth: 320, width: '100%' }}
            />
          }
        />
      </Card>
    </div>
  );

  return (
    <Page
      breadcrumb={systemCrumbs(SALES_TARGET_TITLE)}
      title={SALES_TARGET_TITLE}
      subtitle={
        canEdit
          ? "Each sales person's yearly gross-profit target, and what their teams add up to."
          : "Your team's yearly gross-profit targets, set by top management."
      }
      actions={
        access.isRead && (
          <YearPicker value={year} onChange={(next) => setList({ filters: { year: String(next) }, page: 1 })} />
        )
      }
      width="full"
    >
      {content}
      <TargetDialog row={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
