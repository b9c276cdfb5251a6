import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { formatNumber } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { clientKeys } from '../api/keys';
import { CLIENT_PAGE_SIZE, clientListQueryOptions, deleteClient, type ClientRow } from '../api/clients-api';

export const CLIENT_PAGE = 'system/client-management';
export const CLIENT_LIST_PATH = '/system/client-management';

/** /system/client-management: the server-paged client table. */
export function ClientListPage() {
  const access = usePageAccess(CLIENT_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useServerList({ pageSize: CLIENT_PAGE_SIZE, canRead: access.isRead, query: clientListQueryOptions });
  const showMenu = access.isEdit || access.isDelete;

  const refresh = () => queryClient.invalidateQueries({ queryKey: clientKeys.all });

  const { sortOrder } = list.table;

  const columns: ColumnsType<ClientRow> = [
    {
      title: 'ID',
      dataIndex: 'clientCode',
      key: 'clientCode',
      sorter: true,
      sortOrder: sortOrder('clientCode'),
      width: 72,
      render: (code: string) => <Tag className="client-code">{code?.toUpperCase()}</Tag>,
    },
    {
      title: 'Name',
      dataIndex: 'clientName',
      key: 'clientName',
      sorter: true,
      sortOrder: sortOrder('clientName'),
    },
    {
      title: 'Legal Name',
      dataIndex: 'legalName',
      key: 'legalName',
      sorter: true,
      sortOrder: sortOrder('legalName'),
    },
    {
      title: 'Industry',
      dataIndex: 'industryName',
      key: 'industryName',
      sorter: true,
      sortOrder: sortOrder('industryName'),
      width: 188, // 'Telecommunications' on one line
      render: (name: string | null) => name ?? '-',
    },
    {
      title: 'Personel',
      dataIndex: 'totalPersonel',
      key: 'totalPersonel',
      sorter: true,
      sortOrder: sortOrder('totalPersonel'),
      align: 'right',
      width: 120,
      render: (n: number) => formatNumber(n),
    },
    {
      title: 'Address',
      dataIndex: 'address',
      key: 'address',
      sorter: true,
      sortOrder: sortOrder('address'),
      // the address alone is cut (its whole text in a tooltip); names wrap so they are read whole
      ellipsis: { showTitle: true },
    },
    ...(showMenu
      ? [
          rowMenuColumn<ClientRow>(
            (row) => row.clientName,
            (row) => [
              access.isEdit && rowAction.edit(() => navigate(`${CLIENT_LIST_PATH}/${row.id}`)),
              // A client with leads cannot be removed (spec §8).
              access.isDelete &&
                row.totalLeads === 0 &&
                rowAction.remove(
                  () =>
                    void confirmRemove({
                      title: 'Remove Client',
                      name: row.clientName,
                      remove: () => deleteClient(row.id),
                      onDone: refresh,
                    }),
                ),
            ],
          ),
        ]
      : []),
  ];

  return (
    <ServerListPage<ClientRow>
      list={list}
      breadcrumb={systemCrumbs('Client Management')}
      title="Client Management"
      subtitle="Client companies and their personnel."
      action={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${CLIENT_LIST_PATH}/add`)}>
            Add Client
          </Button>
        )
      }
      noAccessText="You do not have access to view the client list."
      searchLabel="Search client"
      keyColumn="clientName"
      wrap
      rowKey="id"
      columns={columns}
      tableLayout="fixed"
      scroll={{ x: 880 }}
    />
  );
}
