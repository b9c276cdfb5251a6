import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { BoardColumn } from '../api/types';
import { boardColumns, card, filterOptions } from '../test-fixtures';
import { LeadsPage } from './leads-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads', Component: LeadsPage },
];

afterEach(() => vi.useRealTimers());

const session = () => makeSession({ pageAccess: { dashboard: FULL, leads: FULL } });

function boardCalls(requests: Request[]) {
  return requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/leads')
    .map((u) => Object.fromEntries(u.searchParams));
}

function listCalls(requests: Request[]) {
  return requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/leads/list')
    .map((u) => Object.fromEntries(u.searchParams));
}

/** Stubs the board's calls; `columns` may change between calls. */
function stubBoard(columns: () => BoardColumn[]) {
  return stubApi(session(), (req, url) => {
    if (url.pathname === '/api/leads' && req.method === 'GET') return json(200, { results: columns() });
    if (url.pathname === '/api/leads/filter-options') return json(200, { results: filterOptions });
    if (url.pathname === '/api/leads/totalGp/0') {
      return json(200, { results: { totalGrossProfit: 51_045_140_000, totalLeads: 14 } });
    }
    if (url.pathname === '/api/leads/list') {
      return json(200, { results: { data: [card(90, { clientName: 'Listed Client' })], totalRows: 1 } });
    }
    return undefined;
  });
}

describe('LeadsPage', () => {
  it('shows six stage columns with their totals and the summary chips', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns([2, 1, 0, 7, 0, 0], [], [2, 1, 0, 64, 0, 0]));
    await renderRoutes(pages, '/leads');

    const board = await screen.findByTestId('leads-board');
    const columns = within(board).getAllByRole('region');
    expect(columns.map((c) => c.getAttribute('aria-label'))).toEqual([
      'E1 Found',
      'E2 Connected',
      'E3 Qualified',
      'E4 Proposal',
      'E5 Verification',
      'E6 Closing',
    ]);
    expect(within(columns[0]).getByLabelText('2 leads')).toHaveTextContent('2');
    expect(within(columns[3]).getByLabelText('64 leads')).toHaveTextContent('64');
    expect(within(columns[3]).getByText('Showing 7 of 64')).toBeInTheDocument();
    // More than five leads: the column scrolls; five or fewer: it does not.
    expect(columns[3].querySelector('.board-column__body')).toHaveClass('is-scrollable');
    expect(columns[0].querySelector('.board-column__body')).not.toHaveClass('is-scrollable');

    expect(screen.getByText('Total GP Ongoing Leads')).toBeInTheDocument();
    expect(screen.getByTestId('total-gp')).toHaveTextContent('Rp 51.045.140.000');
    expect(screen.getByText('Ongoing Leads')).toBeInTheDocument();
    expect(screen.getByTestId('ongoing-leads')).toHaveTextContent('14');

    // The default status filter is ON GOING.
    expect(boardCalls(requests)[0]).toMatchObject({ status: 'ONGOING' });
    expect(screen.queryByRole('tab', { name: 'Pinned' })).toBeNull();
    // At a desk the board is the view, and each lead is on it once: no list of the same leads beside it.
    expect(screen.getByRole('radio', { name: /Board/ })).toBeChecked();
    expect(screen.queryByTestId('lead-list')).toBeNull();
    expect(listCalls(requests)).toHaveLength(0);
  });

  it('sorts a column by last contacted and filters by status', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns());
    await renderRoutes(pages, '/leads');
    await screen.findByTestId('leads-board');

    fireEvent.click(screen.getByRole('button', { name: 'Sort E1 by last contacted' }));
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ sort: 'E1:desc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort E1 by last contacted' }));
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ sort: 'E1:asc' }));

    fireEvent.click(screen.getByText('On Hold'));
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ status: 'HOLD' }));

    // 'All Stages' is the empty value; a stage narrows the board to it.
    expect(boardCalls(requests).at(-1)).not.toHaveProperty('selectedStage');
    await chooseOption(screen.getByLabelText('Stage'), 'E2 Connected');
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ selectedStage: '2' }));
  });

  it('sends only the shown columns\' sorts, so a column sort and a stage filter work in any order', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns());
    await renderRoutes(pages, '/leads');
    await screen.findByTestId('leads-board');

    fireEvent.click(screen.getByRole('button', { name: 'Sort E4 by last contacted' }));
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ sort: 'E4:desc' }));
    // Filtering to E2 shows only E2: the E4 sort is not sent (the server answered 422 to it).
    await chooseOption(screen.getByLabelText('Stage'), 'E2 Connected');
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ selectedStage: '2' }));
    expect(boardCalls(requests).at(-1)).not.toHaveProperty('sort');
    // The sort is kept: E4's button still shows it when the whole board is back.
    await chooseOption(screen.getByLabelText('Stage'), 'All Stages');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sort E4 by last contacted' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('shows Pinned and All Stage tabs once a column is pinned', async () => {
    setToken('a');
    let pinned: string[] = [];
    const requests = stubApi(session(), (req, url) => {
      if (url.pathname === '/api/leads/pins' && req.method === 'PUT') {
        return req.json().then((body: { stageId: number; isPinned: boolean }) => {
          if (body.isPinned) pinned = ['E2'];
          return json(200, { results: null });
        });
      }
      if (url.pathname === '/api/leads' && req.method === 'GET') return json(200, { results: boardColumns([2, 1, 0, 0, 0, 0], pinned) });
      if (url.pathname === '/api/leads/filter-options') return json(200, { results: filterOptions });
      if (url.pathname.startsWith('/api/leads/totalGp')) return json(200, { results: { totalGrossProfit: 0, totalLeads: 0 } });
      if (url.pathname === '/api/leads/list') return json(200, { results: { data: [], totalRows: 0 } });
      return undefined;
    });
    await renderRoutes(pages, '/leads');
    await screen.findByTestId('leads-board');
    expect(screen.queryByRole('tab', { name: 'Pinned' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pin E2' }));
    expect(await screen.findByRole('tab', { name: 'Pinned' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Stage' })).toBeInTheDocument();
    const pinCall = requests.find((r) => new URL(r.url).pathname === '/api/leads/pins');
    expect(await pinCall!.json()).toEqual({ stageId: 2, isPinned: true });

    // Pinned shows only the pinned columns; All Stage shows all six.
    const board = screen.getByTestId('leads-board');
    expect(within(board).getAllByRole('region').map((c) => c.getAttribute('aria-label'))).toEqual(['E2 Connected']);
    fireEvent.click(screen.getByRole('tab', { name: 'All Stage' }));
    await waitFor(() => expect(within(screen.getByTestId('leads-board')).getAllByRole('region')).toHaveLength(6));
  });

  it('debounces the search by 500 ms', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns());
    await renderRoutes(pages, '/leads');
    await screen.findByTestId('leads-board');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = screen.getByLabelText('Search leads');
    fireEvent.change(search, { target: { value: 'ban' } });
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.change(search, { target: { value: 'bank' } });
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(boardCalls(requests).some((c) => 'searchKeyword' in c)).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(boardCalls(requests).at(-1)).toMatchObject({ searchKeyword: 'bank' }));
    // One search for the settled text, none for what was typed on the way.
    expect(boardCalls(requests).filter((c) => 'searchKeyword' in c)).toHaveLength(1);
  });

  it('shows the same leads as a list of cards instead of the board, with the same filters', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns());
    const { router } = await renderRoutes(pages, '/leads');
    await screen.findByTestId('leads-board');
    fireEvent.click(screen.getByText('On Hold'));
    fireEvent.change(screen.getByLabelText('Search leads'), { target: { value: 'bank' } });

    fireEvent.click(screen.getByRole('radio', { name: /List/ }));
    const list = await screen.findByTestId('lead-list');
    expect(await within(list).findByText('Listed Client')).toBeInTheDocument();
    expect(screen.queryByTestId('leads-board')).toBeNull();
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ status: 'HOLD', search: 'bank' }));
    expect(document.querySelector('.leads-list__head')).toHaveTextContent('On Hold (1)');
    // the view and the filters are kept in the address: a reload, a saved view or a shared link opens the same list
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('list');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('HOLD');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bank');
  });

  it('opens with the filters, status and column sorts its address carries, and ignores what no filter means', async () => {
    setToken('a');
    const requests = stubBoard(() => boardColumns());
    await renderRoutes(pages, '/leads?status=DROPPED&q=mandiri&sort=E1:desc,E9:sideways,x&stage=abc');
    await screen.findByTestId('leads-board');
    await waitFor(() =>
      expect(boardCalls(requests).at(-1)).toMatchObject({ status: 'DROPPED', searchKeyword: 'mandiri', sort: 'E1:desc' }),
    );
    expect(boardCalls(requests).at(-1)).not.toHaveProperty('selectedStage');
    expect(screen.getByLabelText('Search leads')).toHaveValue('mandiri');
  });

  it('opens on the list on a phone, the board a tap away', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      setToken('a');
      const requests = stubBoard(() => boardColumns());
      await renderRoutes(pages, '/leads');
      expect(await within(await screen.findByTestId('lead-list')).findByText('Listed Client')).toBeInTheDocument();
      expect(screen.queryByTestId('leads-board')).toBeNull();
      fireEvent.click(screen.getByRole('radio', { name: /Board/ }));
      expect(await screen.findByTestId('leads-board')).toBeInTheDocument();
      expect(listCalls(requests)).toHaveLength(1);
    } finally {
      window.innerWidth = width;
    }
  });

  it('opens a lead when its card is clicked', async () => {
    setToken('a');
    stubBoard(() => boardColumns());
    const { router } = await renderRoutes(pages, '/leads');
    const board = await screen.findByTestId('leads-board');
    fireEvent.click(within(board).getByText('E1 Client 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/1'));
  });
});
