import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { usePageAccess } from '@/lib/session';
import { coaKeys } from '../api/keys';
import { COA_PAGE_SIZE, coaListQueryOptions, deleteCoa, type Coa } from '../api/coa-api';

export const COA_PAGE = 'system/coa-management';
export const COA_LIST_PATH = '/system/coa-management';
export const COA_SEARCH_PLACEHOLDER = 'Search here...';

/** /system/coa-management: the server-paged chart of accounts. */
export function CoaListPage() {
  const access = usePageAccess(COA_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // spec §2.8: the search text is lower-cased
  const list = useServerList({
    pageSize: COA_PAGE_SIZE,
    lowerCase: true,
    canRead: access.isRead,
    query: coaListQueryOptions,
  });
  const showMenu = access.isEdit || access.isDelete;

  const refresh = () => queryClient.invalidateQueries({ queryKey: coaKeys.all });

  const { sortOrder } = list.table;

  const columns: ColumnsType<Coa> = [
    {
      title: 'Code',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      sortOrder: sortOrder('code'),
      width: 104,
      render: (code: string, row) => (
        <Tag className="coa-code" color={row.type === 'COST' ? 'volcano' : 'green'} title={row.type}>
          {code}
        </Tag>
      ),
    },
    {
      title: 'Item',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      width: 240, // the item's name wraps: it is what a row is read by
      render: (name: string, row) => <Link to={`${COA_LIST_PATH}/${row.id}/view`}>{name}</Link>,
    },
    {
      title: 'Description',
      dataIndex: 'description',
      key: 'description',
      sorter: true,
      sortOrder: sortOrder('description'),
      ellipsis: { showTitle: true },
    },
    {
      title: 'Keywords',
      dataIndex: 'keywords',
      key: 'keywords',
      sorter: true,
      sortOrder: sortOrder('keywords'),
      width: 200,
      ellipsis: { showTitle: true },
    },
    ...(showMenu
      ? [
          rowMenuColumn<Coa>(
            (row) => row.name,
            (row) => [
              access.isEdit && rowAction.edit(() => navigate(`${COA_LIST_PATH}/${row.id}/edit`)),
              access.isDelete &&
                rowAction.remove(
                  () =>
                    void confirmRemove({
                      title: 'Remove COA',
                      name: row.name,
                      remove: () => deleteCoa(row.id),
                      onDone: refresh,
                    }),
                ),
            ],
          ),
        ]
      : []),
  ];

  return (
    <ServerListPage<Coa>
      list={list}
      breadcrumb={systemCrumbs('COA Management')}
      title="COA Management"
      subtitle="The revenue and cost accounts a project cost sheet is built from."
      action={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${COA_LIST_PATH}/add`)}>
            Add COA
          </Button>
        )
      }
      noAccessText="You do not have access to view the chart of accounts."
      searchLabel={COA_SEARCH_PLACEHOLDER}
      keyColumn="name"
      rowKey="id"
      columns={columns}
      tableLayout="fixed"
      scroll={{ x: 900 }}
    />
  );
}
