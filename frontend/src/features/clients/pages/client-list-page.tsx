import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Flex, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { usePageAccess } from '@/app/auth/auth-context';
import { DataTable, TableSearch, useServerTable } from '@/components/data-table';
import { showConfirm, toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { formatNumber } from '@/lib/format';
import {
  CLIENT_PAGE_SIZE,
  clientKeys,
  clientListQueryOptions,
  deleteClient,
  type ClientRow,
} from '../api/clients-api';

export const CLIENT_PAGE = 'system/client-management';
export const CLIENT_LIST_PATH = '/system/client-management';

/** Asks, then removes a client; toasts the outcome (spec §8). */
export async function confirmRemoveClient(client: ClientRow, onDone: () => unknown) {
  await showConfirm({
    title: 'Remove Client',
    content: `Do you want to remove '${client.clientName}' ?`,
    okText: 'Remove',
    danger: true,
    onOk: async () => {
      try {
        await deleteClient(client.id);
        toast.success(`'${client.clientName}' has been deleted successfully.`);
      } catch (error) {
        toast.error(`'${client.clientName}' failed to be deleted.`, errorMessage(error));
      }
      await onDone();
    },
  });
}

/** /system/client-management: the server-paged client table. */
export function ClientListPage() {
  const access = usePageAccess(CLIENT_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const table = useServerTable({ pageSize: CLIENT_PAGE_SIZE });
  const list = useQuery({ ...clientListQueryOptions(table.params), enabled: access.isRead });
  const showMenu = access.isEdit || access.isDelete;

  const refresh = () => queryClient.invalidateQueries({ queryKey: clientKeys.all });

  const menuFor = (row: ClientRow): MenuProps['items'] => [
    ...(access.isEdit
      ? [{ key: 'edit', icon: <EditOutlined />, label: 'Edit', onClick: () => navigate(`${CLIENT_LIST_PATH}/${row.id}`) }]
      : []),
    ...(access.isDelete && row.totalLeads === 0
      ? [
          {
            key: 'remove',
            icon: <DeleteOutlined />,
            label: 'Remove',
            danger: true,
            onClick: () => void confirmRemoveClient(row, refresh),
          },
        ]
      : []),
  ];

  const { sortOrder } = table;

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
      ellipsis: true,
    },
    {
      title: 'Legal Name',
      dataIndex: 'legalName',
      key: 'legalName',
      sorter: true,
      sortOrder: sortOrder('legalName'),
      ellipsis: true,
    },
    {
      title: 'Industry',
      dataIndex: 'industryName',
      key: 'industryName',
      sorter: true,
      sortOrder: sortOrder('industryName'),
      ellipsis: true,
      width: 140,
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
      ellipsis: true,
    },
    ...(showMenu
      ? [
          {
            title: '',
            key: 'actions',
            width: 52,
            align: 'center' as const,
            render: (_: unknown, row: ClientRow) => {
              const items = menuFor(row);
              return items && items.length > 0 ? (
                <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
                  <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${row.clientName}`} />
                </Dropdown>
              ) : null;
            },
          },
        ]
      : []),
  ];

  return (
    <div className="page">
      <Flex className="page-header" justify="space-between" align="flex-end" wrap gap={12}>
        <div>
          <Typography.Title level={3}>Client Management</Typography.Title>
          <Typography.Text type="secondary">Client companies and their personnel.</Typography.Text>
        </div>
        {access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${CLIENT_LIST_PATH}/add`)}>
            Add Client
          </Button>
        )}
      </Flex>
      <Card variant="borderless" className="page-card">
        {!access.isRead ? (
          <Alert type="info" showIcon title="You do not have access to view the client list." />
        ) : (
          <>
            {list.isError && (
              <Alert className="list-alert" type="error" showIcon title="Error loading data" description={errorMessage(list.error)} />
            )}
            <DataTable<ClientRow>
              rowKey="id"
              columns={columns}
              tableLayout="fixed"
              scroll={{ x: 880 }}
              dataSource={list.data?.data}
              loading={list.isFetching}
              server={table.server(list.data?.totalRows)}
              toolbar={
                <TableSearch
                  label="Search client"
                  style={{ maxWidth: 280 }}
                  onSearch={table.onSearch}
                />
              }
            />
          </>
        )}
      </Card>
    </div>
  );
}
