import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { ApiError } from '@/lib/api/errors';
import { ServerListPage, useServerList, type ServerRows } from './server-list-page';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Client ${i + 1}` }));

/** A fake list call: the page of ROWS the parameters ask for, each call recorded. */
const calls: Record<string, unknown>[] = [];
let failWith: unknown = null;
const listOptions = (params: ServerListParams, filters: Record<string, string>) =>
  queryOptions({
    queryKey: ['clients', params, filters],
    queryFn: async (): Promise<ServerRows<Row>> => {
      calls.push({ ...serverListQuery(params), ...filters });
      if (failWith) throw failWith;
      const kept = ROWS.filter((r) => r.name.includes(params.search) && (!filters.kind || r.id % 2 === 0));
      return { data: kept.slice(params.offset, params.offset + params.limit), totalRows: kept.length };
    },
  });

interface ClientsProps {
  canRead?: boolean;
  withFilter?: boolean;
  withTotals?: boolean;
}

function Clients({ canRead = true, withFilter = false, withTotals = false }: ClientsProps) {
  const list = useServerList({
    pageSize: 10,
    canRead,
    filters: withFilter ? { kind: '' } : undefined,
    query: listOptions,
  });
  return (
    <ServerListPage<Row>
      list={list}
      title="Clients"
      subtitle="The clients."
      noAccessText="You may not see the clients."
      searchLabel="Search client"
      before={withTotals ? <section aria-label="Totals">{list.query.data?.totalRows ?? '…'} clients</section> : undefined}
      errorFallback={withTotals ? 'Nothing came back.' : undefined}
      filters={withFilter ? [{ key: 'kind', name: 'kind', placeholder: 'All kinds', options: [{ value: 'even', label: 'Even' }] }] : undefined}
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name', ...list.table.sortable('name') }]}
    />
  );
}

function show(path: string, props: ClientsProps = {}) {
  const router = createMemoryRouter([{ path: '/clients', element: <Clients {...props} /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const names = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.textContent);

beforeEach(() => {
  calls.length = 0;
  failWith = null;
});

describe('ServerListPage', () => {
  it('asks the server for the page, size, search and sort the address holds, and pages with the total it answers', async () => {
    const router = show('/clients?page=2&size=5&q=Client&sort=name&order=desc');
    await waitFor(() => expect(names()).toEqual(['Client 6', 'Client 7', 'Client 8', 'Client 9', 'Client 10']));
    expect(calls[0]).toEqual({ offset: 5, limit: 5, search: 'Client', sort: 'name', desc: true });
    expect(screen.getByText('6–10 of 25')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search client' })).toHaveValue('Client');

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&size=5&q=Client&sort=name&order=desc'));
    await waitFor(() => expect(names()[0]).toBe('Client 11'));
  });

  it('keeps a filter in the address and goes back to the first page with it', async () => {
    const router = show('/clients?page=2', { withFilter: true });
    await waitFor(() => expect(names()[0]).toBe('Client 11'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by kind' }));
    fireEvent.click(await screen.findByTitle('Even'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=even'));
    await waitFor(() => expect(names()[0]).toBe('Client 2'));
    expect(calls.at(-1)).toEqual({ offset: 0, limit: 10, kind: 'even' });
  });

  it('searches from its search box alone when the list has no filter', async () => {
    const router = show('/clients');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.queryByRole('combobox', { name: /Filter by/ })).toBeNull();
    // the box alone beside "Show N", as such lists had it (no filters row around it)
    expect(document.querySelector('.list-filters')).toBeNull();
    const box = screen.getByRole('searchbox', { name: 'Search client' });
    fireEvent.change(box, { target: { value: 'Client 2' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=Client+2'));
    await waitFor(() => expect(names()).toEqual(['Client 2', 'Client 20', 'Client 21', 'Client 22', 'Client 23', 'Client 24', 'Client 25']));
  });

  it('says why there is no list without read access, and asks the server nothing', async () => {
    show('/clients', { canRead: false });
    expect(await screen.findByText('You may not see the clients.')).toBeInTheDocument();
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message above the list when the call fails", async () => {
    failWith = new ApiError(500, { messages: ['The database is away.'] });
    show('/clients');
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(screen.getByText('The database is away.')).toBeInTheDocument();
    expect(screen.getByText('No data.')).toBeInTheDocument();
  });

  it('puts what goes before the list (its totals) above the list\'s card, only with read access', async () => {
    show('/clients', { withTotals: true });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    await waitFor(() => expect(totals).toHaveTextContent('25 clients'));
    const card = document.querySelector('.list-page__stack > .page-card') as HTMLElement;
    expect(card.querySelector('.ant-table')).not.toBeNull();
    expect(card.querySelector('[aria-label="Totals"]')).toBeNull();
  });

  it('says no list without read access, and nothing before it', async () => {
    show('/clients', { withTotals: true, canRead: false });
    expect(await screen.findByText('You may not see the clients.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull();
  });

  it('says its fallback when the server gives no message of its own', async () => {
    failWith = new ApiError(502, {});
    show('/clients', { withTotals: true });
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(screen.getByText('Nothing came back.')).toBeInTheDocument();
  });
});
