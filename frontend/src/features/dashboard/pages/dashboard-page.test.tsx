import { fireEvent, screen, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags, SessionPayload } from '@/lib/api/types';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { CYCLE, GROUPS, performance, stages, YEAR } from '../test-fixtures';
import { DashboardPage, WHITELIST_HINT } from './dashboard-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/', Component: DashboardPage },
];

type Kind = 'TOP_MANAGEMENT' | 'TL' | 'SALES' | null;

async function start(kind: Kind, options: { flags?: PageFlags; whitelist?: boolean; handler?: ApiHandler } = {}) {
  setToken('a');
  const base = makeSession({ pageAccess: { dashboard: options.flags ?? FULL } });
  const session: SessionPayload = {
    ...base,
    user: { ...base.user, dashboardComponent: kind, hierarchyWhitelist: options.whitelist ?? false },
    routes: [...base.routes, '/', '/welcome'],
  };
  const requests = stubApi(session, (req, url) => {
    const custom = options.handler?.(req, url);
    if (custom) return custom;
    switch (url.pathname) {
      case '/api/dashboard/sales-performance':
        return json(200, { results: performance(kind === 'SALES' ? { salesActivityOverview: null } : {}) });
      case '/api/dashboard/revenue-per-stage':
        return json(200, { results: stages(kind === 'TOP_MANAGEMENT' ? 'SQL Lead Pipeline' : 'Lead Pipeline') });
      case '/api/dashboard/gp-type':
        return json(200, { results: GROUPS });
      case '/api/dashboard/avg-sales-cycle':
        return json(200, { results: CYCLE });
      default:
        return url.pathname.startsWith('/api/master-data/') ? json(200, { results: [] }) : undefined;
    }
  });
  return { requests, ...(await renderRoutes(pages, '/')) };
}

const widget = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('Dashboard', () => {
  it('shows top management every widget of the year, the SQL pipeline and the whitelisted tag', async () => {
    const { requests } = await start('TOP_MANAGEMENT', { whitelist: true });
    expect(await screen.findByText('SQL Lead Pipeline')).toBeInTheDocument();
    // the spec's words, and what they mean for whoever reads them
    const tag = await screen.findByText('(Hierarchy Whitelisted)');
    expect(tag).toHaveAttribute('aria-description', WHITELIST_HINT);
    fireEvent.focus(tag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(WHITELIST_HINT);
    await screen.findByText(`${YEAR} sales milestone`);

    // the cards: counts and IDR amounts
    expect(widget('summary-New')).toHaveTextContent(/3\s*leads/);
    expect(widget('summary-New')).toHaveTextContent('Rp 900.000.000'); // one money style: never 'Rp 900M'
    expect(widget('summary-Closed')).toHaveTextContent(/2\s*leads/);
    expect(widget('summary-Closed')).toHaveTextContent('Rp 1.250.000.000');
    expect(widget('summary-Total Ongoing')).toHaveTextContent(/4\s*leads/);
    expect(await screen.findByText(/45,5/)).toBeInTheDocument();
    // the rates with two decimals, zero as 0,00%
    expect(widget('rate-SQL Conv.')).toHaveTextContent('33,33%');
    expect(widget('rate-SQL Win')).toHaveTextContent('100,00%');
    expect(widget('rate-Hold')).toHaveTextContent('0,00%');
    // the milestone: a quarter of the target achieved
    expect(widget('milestone')).toHaveTextContent('25,00%');
    expect(widget('milestone')).toHaveTextContent('Rp 5.000.000.000');

    // the pipeline per stage and its grand total
    const total = widget('pipeline-Total')!;
    expect(total).toHaveTextContent(/3\s*leads/);
    expect(total).toHaveTextContent('Rp 2.500.000.000');
    expect(widget('pipeline-E4')).toHaveTextContent('Proposal');

    // the leaderboard: names, closed leads, GP and the share of the target
    const board = widget('leaderboard')!;
    expect(within(board).getByText('Andi Pratama')).toBeInTheDocument();
    expect(within(board).getByText('50,00%')).toBeInTheDocument();
    expect(within(board).getByText('No target')).toBeInTheDocument();

    // top management has the per-sales chart and the weekly grid, Monday to the following Monday
    expect(widget('targets')).not.toBeNull();
    const grid = within(widget('activity')!).getByRole('table');
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(9);
    const andi = within(grid).getByRole('rowheader', { name: 'Andi Pratama' }).closest('[role=row]') as HTMLElement;
    expect(within(andi).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '', '1', '', '', '', '', '']);
    const dewi = within(grid).getByRole('rowheader', { name: 'Dewi Anggraini' }).closest('[role=row]') as HTMLElement;
    expect(within(dewi).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '', '', '', '', '', '', '2']);

    // an empty group says so
    expect(widget('by-type')).toHaveTextContent('No Data.');

    // every call carries the spec's filters: this year by default
    const asked = requests.map((r) => new URL(r.url)).find((u) => u.pathname === '/api/dashboard/sales-performance')!;
    const filters = JSON.parse(asked.searchParams.get('filters')!);
    const year = new Date().getFullYear();
    expect(filters.date).toEqual({
      dateRange: { start: `${year}-01-01`, end: `${year}-12-31` },
      value: 'THIS_YEAR',
      label: 'This Year',
    });
    expect(filters).toMatchObject({ projectIds: [], entityIds: [], categoryIds: [], salesPersonIds: [] });
  });

  it('gives a team leader every stage and the grid, without the whitelisted tag', async () => {
    await start('TL');
    expect(await screen.findByText('Lead Pipeline')).toBeInTheDocument();
    await screen.findByText(`${YEAR} sales milestone`);
    expect(screen.queryByText('(Hierarchy Whitelisted)')).toBeNull();
    expect(widget('targets')).not.toBeNull();
    expect(widget('activity')).not.toBeNull();
  });

  it('gives a sales person neither the per-sales chart nor the weekly grid', async () => {
    await start('SALES');
    expect(await screen.findByText('Lead Pipeline')).toBeInTheDocument();
    await screen.findByText(`${YEAR} sales milestone`);
    expect(widget('leaderboard')).not.toBeNull();
    expect(widget('per-month')).not.toBeNull();
    expect(widget('targets')).toBeNull();
    expect(widget('activity')).toBeNull();
    expect(screen.queryByText('Weekly Sales Activity')).toBeNull();
  });

  it('shows the weekly grid empty as No Data.', async () => {
    await start('TL', {
      handler: (_req, url) =>
        url.pathname === '/api/dashboard/sales-performance'
          ? json(200, { results: performance({ salesActivityOverview: [] }) })
          : undefined,
    });
    await screen.findByText(`${YEAR} sales milestone`);
    expect(widget('activity')).toHaveTextContent('No Data.');
  });

  it("tells a role without a dashboard that it is not enrolled", async () => {
    await start(null);
    expect(await screen.findByText('You are not enrolled to any Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Please contact Administrator to setup your dashboard.')).toBeInTheDocument();
  });

  it('sends a user without full control of the dashboard page to /welcome', async () => {
    const { router } = await start('SALES', { flags: { isRead: true, isWrite: true, isEdit: true, isDelete: false } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it("shows the server's message when a call fails, or 'Oops... something went wrong'", async () => {
    await start('TL', {
      handler: (_req, url) => {
        if (url.pathname === '/api/dashboard/revenue-per-stage') return json(422, { messages: ['The dashboard filters are not valid.'] });
        if (url.pathname === '/api/dashboard/gp-type') return json(500, {});
        return undefined;
      },
    });
    expect(await screen.findByText('The dashboard filters are not valid.')).toBeInTheDocument();
    expect(await screen.findAllByText('Oops... something went wrong')).toHaveLength(2); // both groups read gp-type
    expect(widget('milestone')).toHaveTextContent('Rp 5.000.000.000'); // the other widgets still show
  });
});
