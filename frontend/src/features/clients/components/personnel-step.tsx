import { DeleteOutlined, EditOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { showConfirm } from '@/components/dialogs';
import { maskPhone } from '@/components/phone-input';
import type { ContactForm } from '@/components/contact-fields';
import { PersonnelModal, type PersonnelItem } from './personnel-modal';

interface Props {
  items: PersonnelItem[];
  onChange: (items: PersonnelItem[]) => void;
  check: (values: ContactForm, item: PersonnelItem | null) => Promise<string | null>;
}

let nextKey = 0;
/** A key for an entry that has no id yet. */
export const newPersonnelKey = () => `new-${++nextKey}`;

/** Step 2 of the client wizard: the client's contacts, edited in a modal. */
export function PersonnelStep({ items, onChange, check }: Props) {
  const [modal, setModal] = useState<{ open: boolean; item: PersonnelItem | null }>({ open: false, item: null });

  const remove = (row: PersonnelItem) =>
    void showConfirm({
      title: 'Remove Personnel',
      content: `Do you want to remove '${row.fullname}' ?`,
      okText: 'Remove',
      danger: true,
      onOk: () => onChange(items.filter((i) => i.key !== row.key)),
    });

  const columns: ColumnsType<PersonnelItem> = [
    {
      title: 'Full Name',
      dataIndex: 'fullname',
      key: 'fullname',
      render: (name: string, row) => (
        <Flex vertical>
          <Typography.Text strong>{name}</Typography.Text>
          {row.nickname && <Typography.Text type="secondary">{row.nickname}</Typography.Text>}
        </Flex>
      ),
    },
    { title: 'Gender', dataIndex: 'gender', key: 'gender', width: 90 },
    {
      title: 'Position',
      dataIndex: 'position',
      key: 'position',
      render: (position: string, row) => (
        <Flex vertical>
          <span>{position}</span>
          {row.division && <Typography.Text type="secondary">{row.division}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Email / Phone',
      key: 'reach',
      render: (_, row) => (
        <Flex vertical>
          {row.email && <span>{row.email}</span>}
          {row.phoneNumber && <Typography.Text type="secondary">{maskPhone(row.phoneNumber)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 96,
      align: 'center',
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${row.fullname}`}
              onClick={() => setModal({ open: true, item: row })}
            />
          </Tooltip>
          <Tooltip title="Remove">
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.fullname}`} onClick={() => remove(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const save = (values: ContactForm) => {
    const editing = modal.item;
    if (editing) {
      onChange(items.map((i) => (i.key === editing.key ? { ...values, key: editing.key } : i)));
    } else {
      onChange([...items, { ...values, key: newPersonnelKey() }]);
    }
    setModal({ open: false, item: null });
  };

  return (
    <div className="personnel-step">
      <Flex justify="space-between" align="center" className="personnel-step__head" gap={12} wrap>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Personnel
          </Typography.Title>
          <Typography.Text type="secondary">
            The client's contacts. Each needs an email or a phone number.
          </Typography.Text>
        </div>
        <Button icon={<PlusOutlined />} onClick={() => setModal({ open: true, item: null })}>
          Add Personnel
        </Button>
      </Flex>
      <Table<PersonnelItem>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={<UserOutlined className="personnel-step__empty-icon" />} description="No personnel yet." />
          ),
        }}
      />
      <PersonnelModal
        open={modal.open}
        item={modal.item}
        check={check}
        onSave={save}
        onClose={() => setModal({ open: false, item: null })}
      />
    </div>
  );
}
