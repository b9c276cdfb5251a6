import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { DataTable, PAGE_SIZE_OPTIONS } from './data-table';
import { rowMenuColumn } from './row-menu';

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

describe('DataTable on a phone', () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = width;
  });

  interface Client {
    id: number;
    code: string;
    name: string;
    address: string | null;
    industry: string;
  }
  const clients: Client[] = [
    { id: 1, code: 'BNM', name: 'Bank Nusa Mandiri', address: 'Jl. Jend. Sudirman Kav. 54-55, Jakarta', industry: 'Banking' },
    { id: 2, code: 'ASR', name: 'Asuransi Sinar Raya', address: null, industry: 'Insurance' },
  ];
  const clientColumns: ColumnsType<Client> = [
    { title: 'ID', dataIndex: 'code', key: 'code', sorter: (a, b) => a.code.localeCompare(b.code) },
    { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <a href="#client">{name}</a> },
    { title: 'Address', dataIndex: 'address', key: 'address', ellipsis: true },
    { title: 'Industry', dataIndex: 'industry', key: 'industry', responsive: ['md'] },
    rowMenuColumn<Client>((c) => c.name, () => [{ key: 'edit', label: 'Edit' }]),
  ];
  const card = (text: string) => screen.getByText(text).closest('.data-table__card') as HTMLElement;

  it('shows each row as a card: the key column as its title, the actions beside it, the rest labelled below', () => {
    render(<DataTable rowKey="id" keyColumn="name" columns={clientColumns} dataSource={clients} />);
    // one column, no headers: nothing to scroll sideways
    expect(document.querySelectorAll('.ant-table-thead th')).toHaveLength(0);
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row td')).toHaveLength(2);
    const bank = card('Bank Nusa Mandiri');
    expect(bank.querySelector('.data-table__card-title')).toHaveTextContent('Bank Nusa Mandiri');
    expect(within(bank).getByRole('link', { name: 'Bank Nusa Mandiri' })).toBeInTheDocument();
    expect(within(bank.querySelector('.data-table__card-actions') as HTMLElement).getByLabelText('Actions for Bank Nusa Mandiri')).toBeInTheDocument();
    const fields = [...bank.querySelectorAll('.data-table__card-field')].map((f) => [
      f.querySelector('dt')?.textContent,
      f.querySelector('dd')?.textContent,
    ]);
    expect(fields).toEqual([
      ['ID', 'BNM'],
      ['Address', 'Jl. Jend. Sudirman Kav. 54-55, Jakarta'],
    ]); // Industry is a column for wider screens only (responsive: ['md'])
    // a field with nothing to show is left out
    expect(card('Asuransi Sinar Raya')).not.toHaveTextContent('Address');
  });

  it('sorts the cards with "Sort by" in place of the column headers', async () => {
    render(<DataTable rowKey="id" keyColumn="name" columns={clientColumns} dataSource={clients} />);
    const titles = () => [...document.querySelectorAll('.data-table__card-title')].map((t) => t.textContent);
    expect(titles()).toEqual(['Bank Nusa Mandiri', 'Asuransi Sinar Raya']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByTitle('ID ↑'));
    expect(titles()).toEqual(['Asuransi Sinar Raya', 'Bank Nusa Mandiri']);
  });

  it('asks the server for the sort chosen when server-paged', async () => {
    const onChange = vi.fn();
    render(
      <DataTable
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }, { title: 'Amount', dataIndex: 'amount', key: 'amount' }]}
        dataSource={rows.slice(0, 10)}
        server={{ total: 95, offset: 20, limit: 10, onChange }}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByTitle('Name ↓'));
    expect(onChange).toHaveBeenLastCalledWith({ offset: 0, limit: 10, sort: 'name', desc: true });
  });

  it('leaves a list laid out for phones (one block a row) as it is', () => {
    render(
      <DataTable
        rowKey="id"
        columns={[{ title: 'Clients', key: 'client', render: (_: unknown, c: Client) => <span className="own-block">{c.name}</span> }]}
        dataSource={clients}
      />,
    );
    expect([...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent)).toEqual(['Clients']);
    expect(document.querySelectorAll('.own-block')).toHaveLength(2);
    expect(document.querySelector('.data-table__card')).toBeNull();
  });
});

describe('DataTable on a tablet (768-991 px)', () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 820;
  });
  afterEach(() => {
    window.innerWidth = width;
  });

  it('shows cards for a table that would scroll sideways, and for a wrapping one (it overran its card there too)', () => {
    const { unmount } = render(<DataTable rowKey="id" keyColumn="name" columns={columns} dataSource={rows.slice(0, 3)} />);
    expect(document.querySelectorAll('.data-table__card')).toHaveLength(3);
    unmount();
    render(<DataTable rowKey="id" keyColumn="name" wrap columns={columns} dataSource={rows.slice(0, 3)} />);
    expect(document.querySelectorAll('.data-table__card')).toHaveLength(3);
    expect(document.querySelectorAll('.ant-table-thead th')).toHaveLength(0);
  });
});
