import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { AddButton, ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  rolesQueryOptions,
  userCriteria,
  USERS_PAGE_SIZE,
  usersListQueryOptions,
  type UserRow,
} from '../api/user-management-api';
import { StatusTag } from '../components/status-tag';

export const USERS_PAGE = 'system/user-management';
export const USERS_LIST_PATH = '/system/user-management';
export const USERS_SEARCH_PLACEHOLDER = 'Search name, username or e-mail';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** /system/user-management: the server-paged list of users, filtered by role and status. */
export function UserListPage() {
  const access = usePageAccess(USERS_PAGE);
  const navigate = useNavigate();
  const list = useServerList({
    pageSize: USERS_PAGE_SIZE,
    filters: { role: '', status: '' },
    canRead: access.isRead,
    query: (params, { role, status }) =>
      usersListQueryOptions(
        params,
        userCriteria({ roleId: role ? Number(role) : undefined, isActive: status ? status === 'true' : undefined }),
      ),
  });
  const roles = useQuery({ ...rolesQueryOptions(), enabled: access.isRead });
  const showMenu = access.isEdit || access.isDelete;

  const { sortable } = list.table;

  const columns: ColumnsType<UserRow> = [
    {
      title: 'Name',
      dataIndex: 'fullname',
      ...sortable('fullname'),
      render: (fullname: string, row) => (
        <Flex vertical>
          <Link to={`${USERS_LIST_PATH}/${row.id}`}>{fullname}</Link>
          {row.nickname && (
            <Typography.Text type="secondary" className="user-nickname">
              {row.nickname}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: 'Username', dataIndex: 'username', ...sortable('username') },
    { title: 'Role', dataIndex: 'roleDescription', ...sortable('role') },
    {
      title: 'Leader',
      dataIndex: 'leaderName',
      ...sortable('leader'),
      render: (leader: string | null) => leader ?? '-',
    },
    {
      title: 'Status',
      dataIndex: 'isActive',
      ...sortable('isActive'),
      width: 104,
      render: (active: boolean) => <StatusTag active={active} />,
    },
    {
      title: 'Last sign-in',
      dataIndex: 'lastSignInAt',
      ...sortable('lastSignInAt'),
      width: 150,
      render: (at: string | null) => formatDateTime(at),
    },
    ...(showMenu
      ? [
          rowMenuColumn<UserRow>(
            (row) => row.fullname,
            (row) => [access.isEdit && rowAction.edit(() => navigate(`${USERS_LIST_PATH}/${row.id}`))],
          ),
        ]
      : []),
  ];

  return (
    <ServerListPage<UserRow>
      list={list}
      breadcrumb={systemCrumbs('User Management')}
      title="User Management"
      subtitle="Who can sign in, their role and whom they report to."
      action={access.isWrite && <AddButton to={`${USERS_LIST_PATH}/add`} label="Add User" />}
      noAccessText="You do not have access to view the users."
      searchLabel={USERS_SEARCH_PLACEHOLDER}
      filters={[
        {
          key: 'role',
          name: 'role',
          placeholder: 'All roles',
          width: 180,
          loading: roles.isPending,
          options: roles.data?.map((r) => ({ value: String(r.id), label: r.description })),
        },
        { key: 'status', name: 'status', placeholder: 'All statuses', width: 140, options: STATUS_OPTIONS },
      ]}
      keyColumn="fullname"
      rowKey="id"
      columns={columns}
      wrap
    />
  );
}
