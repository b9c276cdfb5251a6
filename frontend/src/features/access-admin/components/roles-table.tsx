import { useQueryClient } from '@tanstack/react-query';
import { Flex, Grid, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { ServerListTable, useServerList } from '@/components/list-page';
import type { PageFlags } from '@/lib/api/types';
import { formatNumber } from '@/lib/format';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import {
  dashboardLabel,
  removeRole,
  rolePath,
  ROLES_PAGE_SIZE,
  rolesListQueryOptions,
  type RoleRow,
} from '../api/access-admin-api';
import { EveryAccessTag, WhitelistTag } from './role-tags';

export const ROLES_SEARCH_PLACEHOLDER = 'Search role name or description';
/** What an empty roles table says (spec 3 §8). */
export const NO_INFORMATION = 'No Information...';

const pagesText = (row: RoleRow) => (row.everyPage ? 'All' : formatNumber(row.pages));
const usersText = (n: number) => `${formatNumber(n)} active ${n === 1 ? 'user' : 'users'}`;

function RoleName({ row }: { row: RoleRow }) {
  return (
    <Flex vertical gap={2} className="role-name">
      <Flex gap={6} align="center" wrap>
        <Link to={rolePath(row.id)}>{row.roleDescription}</Link>
        {row.everyPage && <EveryAccessTag />}
      </Flex>
    </Flex>
  );
}

/** On a phone: one block a role (its name, then its dashboard, whitelist, pages and users), read top to bottom. */
function RoleBlock({ row }: { row: RoleRow }) {
  return (
    <div className="role-block">
      <RoleName row={row} />
      <Flex gap={6} wrap align="center" className="role-block__facts">
        <Typography.Text type="secondary">Dashboard: {dashboardLabel(row.dashboardComponent)}</Typography.Text>
        <WhitelistTag on={row.hierarchyWhitelist} />
      </Flex>
      <Typography.Text type="secondary" className="role-block__facts">
        {row.everyPage ? 'Every page' : `${pagesText(row)} ${row.pages === 1 ? 'page' : 'pages'} readable`} ·{' '}
        {usersText(row.users)}
      </Typography.Text>
    </div>
  );
}

/** The roles, paged, searched and sorted on the server (the shared server list, in its tab of the page); the row
 *  menu as the flags allow. */
export function RolesTable({ access }: { access: PageFlags }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const list = useServerList({ pageSize: ROLES_PAGE_SIZE, canRead: access.isRead, query: rolesListQueryOptions });
  const { sortable } = list.table;

  const remove = (row: RoleRow) =>
    confirmRemove({
      title: 'Remove role',
      name: row.roleDescription,
      remove: () => removeRole(row.id),
      // the user form's role list and the audit log change with it
      onDone: () =>
        invalidateDomains(queryClient, queryDomains.accessAdmin, queryDomains.userManagement, queryDomains.audit),
    });

  const menu =
    access.isEdit || access.isDelete
      ? [
          rowMenuColumn<RoleRow>(
            (row) => row.roleDescription,
            (row) => [
              access.isEdit && rowAction.edit(() => navigate(rolePath(row.id))),
              access.isDelete && rowAction.remove(() => void remove(row)),
            ],
          ),
        ]
      : [];

  const columns: ColumnsType<RoleRow> = phone
    ? [{ title: 'Role', key: 'role', render: (_: unknown, row) => <RoleBlock row={row} /> }, ...menu]
    : [
        {
          title: 'Role',
          dataIndex: 'roleDescription',
          ...sortable('roleDescription'),
          render: (_: string, row) => <RoleName row={row} />,
        },
        {
          title: 'Dashboard',
          dataIndex: 'dashboardComponent',
          ...sortable('dashboardComponent'),
          width: 160,
          render: (value: string | null) => dashboardLabel(value),
        },
        {
          title: 'Hierarchy whitelist',
          dataIndex: 'hierarchyWhitelist',
          ...sortable('hierarchyWhitelist'),
          width: 170,
          render: (on: boolean) => <WhitelistTag on={on} />,
        },
        { title: 'Pages readable', key: 'pages', width: 130, align: 'right', render: (_: unknown, row) => pagesText(row) },
        {
          title: 'Active users',
          dataIndex: 'users',
          width: 120,
          align: 'right',
          render: (n: number) => formatNumber(n),
        },
        ...menu,
      ];

  return (
    <ServerListTable<RoleRow>
      list={list}
      searchLabel={ROLES_SEARCH_PLACEHOLDER}
      searchWidth={340}
      rowKey="id"
      className="roles-table"
      columns={columns}
      tableLayout="fixed"
      wrap
      showHeader={!phone}
      scroll={phone ? {} : undefined}
      emptyText={NO_INFORMATION}
    />
  );
}
