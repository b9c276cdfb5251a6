import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { rowAction, rowMenuColumn } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { usePageAccess } from '@/lib/session';
import { contactKeys } from '../api/keys';
import { CONTACT_PAGE_SIZE, contactListQueryOptions, deleteContact, type Contact } from '../api/contacts-api';

export const CONTACT_PAGE = 'system/contact-management';
export const CONTACT_LIST_PATH = '/system/contact-management';

/** /system/contact-management: the server-paged contact table. */
export function ContactListPage() {
  const access = usePageAccess(CONTACT_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useServerList({ pageSize: CONTACT_PAGE_SIZE, canRead: access.isRead, query: contactListQueryOptions });
  const showMenu = access.isRead || access.isEdit || access.isDelete;

  const refresh = () => queryClient.invalidateQueries({ queryKey: contactKeys.all });

  const { sortOrder } = list.table;

  const columns: ColumnsType<Contact> = [
    {
      title: 'Contact Name',
      dataIndex: 'fullname',
      key: 'fullname',
      sorter: true,
      sortOrder: sortOrder('fullname'),
      render: (name: string, row) =>
        access.isRead ? <Link to={`${CONTACT_LIST_PATH}/${row.id}/view`}>{name}</Link> : name,
    },
    {
      title: 'Client Name',
      dataIndex: 'clientName',
      key: 'clientName',
      sorter: true,
      sortOrder: sortOrder('clientName'),
      render: (v: string | null) => v ?? '-',
    },
    { title: 'Position', dataIndex: 'position', key: 'position', sorter: true, sortOrder: sortOrder('position') },
    ...(showMenu
      ? [
          rowMenuColumn<Contact>(
            (row) => row.fullname,
            (row) => [
              access.isRead && rowAction.view(() => navigate(`${CONTACT_LIST_PATH}/${row.id}/view`)),
              access.isEdit && rowAction.edit(() => navigate(`${CONTACT_LIST_PATH}/${row.id}/edit`)),
              access.isDelete &&
                rowAction.remove(
                  () =>
                    void confirmRemove({
                      title: 'Remove Contact',
                      name: row.fullname,
                      remove: () => deleteContact(row.id),
                      onDone: refresh,
                    }),
                ),
            ],
            56,
          ),
        ]
      : []),
  ];

  return (
    <ServerListPage<Contact>
      list={list}
      breadcrumb={systemCrumbs('Contact Management')}
      title="Contact Management"
      subtitle="The people you work with at each client."
      action={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${CONTACT_LIST_PATH}/add`)}>
            Add Contact
          </Button>
        )
      }
      noAccessText="You do not have access to view the contact list."
      searchLabel="Search contact"
      rowKey="id"
      columns={columns}
    />
  );
}
