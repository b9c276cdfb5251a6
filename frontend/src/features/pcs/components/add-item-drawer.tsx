import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Grid, Input, Table } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { coaQueryOptions } from '../api/pcs-api';
import type { Coa, ItemType } from '../api/types';

/** Entries whose code, name, description or keywords contain the (lower-cased) search text. */
export function filterCoa(entries: readonly Coa[], search: string): Coa[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...entries];
  return entries.filter((c) =>
    [c.code, c.name, c.description, c.keywords].some((field) => (field ?? '').toLowerCase().includes(term)),
  );
}

export interface AddItemDrawerProps {
  /** The tab the item goes to; null when closed. */
  type: ItemType | null;
  onPick: (coa: Coa, type: ItemType) => void;
  onClose: () => void;
}

/** The add-item slide: a searchable chart-of-accounts table of the tab's type (spec §2.4). */
export function AddItemDrawer({ type, onPick, onClose }: AddItemDrawerProps) {
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const coa = useQuery({ ...coaQueryOptions(type ?? 'REVENUE'), enabled: type !== null });
  const rows = useMemo(() => filterCoa(coa.data ?? [], search), [coa.data, search]);

  return (
    <Drawer
      open={type !== null}
      title={type === 'COST' ? 'Add Cost of Sales Item' : 'Add Sales Item'}
      placement="right"
      size={screens.md ? 760 : '100%'}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      destroyOnHidden
    >
      <Input.Search
        placeholder="Search here..."
        aria-label="Search chart of accounts"
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {coa.isError && <Alert type="error" showIcon title="Error loading data" description={errorMessage(coa.error)} />}
      <Table<Coa>
        size="small"
        rowKey="id"
        loading={coa.isPending}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 680 }}
        locale={{ emptyText: 'No Information...' }}
        onRow={(record) => ({ onDoubleClick: () => type && onPick(record, type) })}
        columns={[
          { title: 'Code', dataIndex: 'code', width: 90 },
          { title: 'Item Name', dataIndex: 'name', width: 180 },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          { title: 'Keywords', dataIndex: 'keywords', ellipsis: true, width: 160 },
          {
            title: '',
            key: 'add',
            width: 80,
            fixed: 'right',
            render: (_, record) => (
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                aria-label={`Add ${record.code} ${record.name}`}
                onClick={() => type && onPick(record, type)}
              >
                Add
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
