import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { DataTable, PAGE_SIZE_OPTIONS, pinnedForPhone } from './data-table';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Client ${String(i + 1).padStart(2, '0')}`,
  amount: (i * 7919) % 1000,
}));

const columns: ColumnsType<Row> = [
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', sorter: (a, b) => a.amount - b.amount },
];

function bodyRows() {
  return document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
}

function sortHeader(name: string): HTMLElement {
  const cells = [...document.querySelectorAll<HTMLElement>('th.ant-table-column-has-sorters')];
  return cells.find((th) => th.textContent?.includes(name))!;
}

function openSizeSelect() {
  const select = screen.getByRole('combobox', { name: 'Rows per page' });
  fireEvent.mouseDown(select);
}

describe('DataTable', () => {
  it('pages on the client with 20 rows by default and a "Show 20" label', () => {
    render(<DataTable rowKey="id" columns={columns} dataSource={rows} />);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('group', { name: 'Show 20' })).toHaveTextContent(/Show\s*20\s*entries/);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
  });

  it('offers page sizes 5, 10, 20, 50 and 100 and applies the chosen one', async () => {
    render(<DataTable rowKey="id" columns={columns} dataSource={rows} />);
    openSizeSelect();
    const listbox = await screen.findByRole('listbox');
    const optionLabels = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.textContent?.trim(),
    );
    expect(listbox).toBeInTheDocument();
    expect(optionLabels).toEqual(PAGE_SIZE_OPTIONS.map(String));

    const five = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent?.trim() === '5',
    )!;
    fireEvent.click(five);
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Show 5' })).toBeInTheDocument();
  });

  it('moves between pages', () => {
    render(<DataTable rowKey="id" columns={columns} dataSource={rows} />);
    fireEvent.click(screen.getByTitle('3'));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('41–45 of 45')).toBeInTheDocument();
  });

  it('sorts with the column sorter', () => {
    render(<DataTable rowKey="id" columns={columns} dataSource={rows} />);
    const header = sortHeader('Name');
    fireEvent.click(header); // ascending
    fireEvent.click(header); // descending
    const first = bodyRows()[0];
    expect(within(first as HTMLElement).getByText('Client 45')).toBeInTheDocument();
  });

  it('shows "No data." when empty', () => {
    render(<DataTable rowKey="id" columns={columns} dataSource={[]} />);
    expect(screen.getByText('No data.')).toBeInTheDocument();
  });

  it('asks the owner for pages and sorting when server-paged', () => {
    const onChange = vi.fn();
    render(
      <DataTable
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }]}
        dataSource={rows.slice(0, 10)}
        server={{ total: 95, offset: 0, limit: 10, onChange }}
      />,
    );
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 95')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenLastCalledWith({ offset: 10, limit: 10, sort: undefined, desc: undefined });

    fireEvent.click(sortHeader('Name'));
    expect(onChange).toHaveBeenLastCalledWith({ offset: 0, limit: 10, sort: 'name', desc: false });
  });
});

describe('pinnedForPhone', () => {
  const columns = [
    { title: 'ID', key: 'code', dataIndex: 'code' },
    { title: 'Name', key: 'name', dataIndex: 'name' },
    { title: 'Address', key: 'address', dataIndex: 'address' },
    { title: '', key: 'actions' },
  ];

  it('puts the key column first, fixed at the left, and the actions fixed at the right', () => {
    const pinned = pinnedForPhone(columns, 'name');
    expect(pinned.map((c) => [c.key, c.fixed])).toEqual([
      ['name', 'left'],
      ['code', undefined],
      ['address', undefined],
      ['actions', 'right'],
    ]);
    expect(pinned[0]).toMatchObject({ ellipsis: false, width: 148 });
  });

  it('pins the first column when no key column is named', () => {
    expect(pinnedForPhone(columns).map((c) => c.key)).toEqual(['code', 'name', 'address', 'actions']);
    expect(pinnedForPhone(columns)[0].fixed).toBe('left');
  });

  it('leaves a list laid out for phones (one block a row) as it is', () => {
    const one = [{ title: 'Request', key: 'request' }, { title: '', key: 'actions' }];
    expect(pinnedForPhone(one)).toBe(one);
  });
});
