import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { AddButton, ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { usePageAccess, sessionQueryKey } from '@/lib/session';
import { navigationAdminKeys } from '../api/keys';
import { deletePage, PAGES_PAGE_SIZE, pagesListQueryOptions, type PageListRow } from '../api/navigation-admin-api';
import './navigation-admin.css';

export const PAGES_PAGE = 'system/page-management';
export const PAGES_LIST_PATH = '/system/page-management';
export const PAGES_SEARCH_PLACEHOLDER = 'Search name, code or URL';
export const REMOVE_NOTE = 'Its access rules and the menu items that open it are removed with it.';

/** /system/page-management: the pages of the route table (what access is given on), server-paged. */
export function PageListPage() {
  const access = usePageAccess(PAGES_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useServerList({
    pageSize: PAGES_PAGE_SIZE,
    sort: 'name',
    canRead: access.isRead,
    query: pagesListQueryOptions,
  });
  const showMenu = access.isEdit || access.isDelete;
  const { sortable } = list.table;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: navigationAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);

  const columns: ColumnsType<PageListRow> = [
    {
      title: 'Name',
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, row) => <Link to={`${PAGES_LIST_PATH}/${row.id}`}>{name}</Link>,
    },
    {
      title: 'Code',
      dataIndex: 'code',
      ...sortable('code'),
      render: (code: string) => (
        <Typography.Text code className="page-code">
          {code}
        </Typography.Text>
      ),
    },
    { title: 'URL', dataIndex: 'url', ...sortable('url'), render: (url: string | null) => url ?? '-' },
    { title: 'Roles', dataIndex: 'roles', ...sortable('roles'), width: 90, align: 'right' },
    { title: 'Menu items', dataIndex: 'menuItems', ...sortable('menuItems'), width: 120, align: 'right' },
    ...(showMenu
      ? [
          rowMenuColumn<PageListRow>(
            (row) => row.name,
            (row) => [
              access.isEdit && rowAction.edit(() => navigate(`${PAGES_LIST_PATH}/${row.id}`)),
              access.isDelete &&
                rowAction.remove(
                  () =>
                    void confirmRemove({
                      title: 'Remove Page',
                      name: row.name,
                      note: REMOVE_NOTE,
                      remove: () => deletePage(row.id),
                      onDone: refresh,
                    }),
                ),
            ],
          ),
        ]
      : []),
  ];

  return (
    <ServerListPage<PageListRow>
      list={list}
      breadcrumb={systemCrumbs('Page Management')}
      title="Page Management"
      subtitle="The pages of the app: what each role is given access to, and what menu items open."
      action={access.isWrite && <AddButton to={`${PAGES_LIST_PATH}/add`} label="Add Page" />}
      noAccessText="You do not have access to view the pages."
      searchLabel={PAGES_SEARCH_PLACEHOLDER}
      keyColumn="name"
      rowKey="id"
      columns={columns}
      wrap
    />
  );
}
