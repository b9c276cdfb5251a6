import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TableSearch } from './table-search';
import { useListParams } from './use-list-params';
import { useServerTable } from './use-server-table';

let latest: ReturnType<typeof useServerTable> | null = null;

function List() {
  const table = useServerTable({ pageSize: 10, sort: 'requestedAt', desc: true });
  latest = table;
  const { offset, limit, search, sort, desc } = table.params;
  return (
    <>
      <TableSearch label="Search" onSearch={table.onSearch} value={table.search} />
      <output data-testid="params">{JSON.stringify({ offset, limit, search, sort, desc })}</output>
    </>
  );
}

function Filters() {
  const [params, set] = useListParams({ pageSize: 10, filters: { type: 'ALL', unread: '' } });
  return (
    <>
      <button type="button" onClick={() => set({ filters: { type: 'APPROVAL', unread: 'true' } })}>
        filter
      </button>
      <output data-testid="filters">{JSON.stringify(params.filters)}</output>
    </>
  );
}

const make = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <List /> },
      { path: '/filters', element: <Filters /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const shown = () => JSON.parse(screen.getByTestId('params').textContent ?? '{}');

describe('useListParams', () => {
  it('keeps page, size, search and sort in the URL, leaving the defaults out', () => {
    const router = make('/list');
    expect(router.state.location.search).toBe('');
    expect(shown()).toEqual({ offset: 0, limit: 10, search: '', sort: 'requestedAt', desc: true });

    act(() => latest!.server(100).onChange({ offset: 40, limit: 20, sort: 'projectName', desc: false }));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('page=3&size=20&sort=projectName');
    expect(shown()).toEqual({ offset: 40, limit: 20, search: '', sort: 'projectName', desc: false });

    // a search goes back to the first page
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'core bank' } });
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('core bank');
    expect(shown()).toMatchObject({ offset: 0, limit: 20, search: 'core bank' });
  });

  it('reads a shared link, and Back returns to the view before, search box included', async () => {
    const router = make('/list?page=2&size=50&q=telkom&sort=code&order=desc');
    expect(shown()).toEqual({ offset: 50, limit: 50, search: 'telkom', sort: 'code', desc: true });
    expect(screen.getByLabelText('Search')).toHaveValue('telkom');

    act(() => latest!.server(500).onChange({ offset: 150, limit: 50, sort: 'code', desc: true }));
    expect(shown()).toMatchObject({ offset: 150 });
    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate(-1));
    expect(shown()).toMatchObject({ offset: 150, search: 'telkom' });
    await act(() => router.navigate(-1));
    expect(shown()).toMatchObject({ offset: 50, search: 'telkom' });

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pln' } });
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByLabelText('Search')).toHaveValue('pln');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('telkom');
  });

  it('turns off a default sort with an empty sort, and ignores a broken page', () => {
    make('/list?sort=&page=abc&size=-3');
    expect(shown()).toEqual({ offset: 0, limit: 10, search: '', sort: undefined, desc: false });
  });

  it("keeps a list's own filters too", () => {
    const router = make('/filters');
    expect(JSON.parse(screen.getByTestId('filters').textContent!)).toEqual({ type: 'ALL', unread: '' });
    fireEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(router.state.location.search).toBe('?type=APPROVAL&unread=true');
    expect(JSON.parse(screen.getByTestId('filters').textContent!)).toEqual({ type: 'APPROVAL', unread: 'true' });
  });
});
