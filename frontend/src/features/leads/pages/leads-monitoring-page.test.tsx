import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { chooseOption } from '@/test/antd-helpers';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { managementOptions, monitoring } from '../test-fixtures';
import { LeadsManagementPage } from './leads-management-page';
import { ManagedLeadAddPage, ManagedLeadEditPage } from './lead-management-forms';
import { LeadsMonitoringPage } from './leads-monitoring-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/leads-management', Component: LeadsManagementPage },
  { path: '/system/leads-management/add', Component: ManagedLeadAddPage },
  { path: '/system/leads-management/edit/:leadsId', Component: ManagedLeadEditPage },
  { path: '/system/leads-monitoring', Component: LeadsMonitoringPage },
];

const READ: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };

async function start(management: PageFlags | null = READ, path = '/system/leads-monitoring') {
  setToken('a');
  const pageAccess: Record<string, PageFlags> = { 'system/leads-monitoring': READ };
  if (management) pageAccess['system/leads-management'] = management;
  const session = makeSession({ pageAccess });
  const routes = [...session.routes, '/system/leads-monitoring', ...(management ? ['/system/leads-management'] : [])];
  const requests = stubApi({ ...session, routes }, (_req, url) => {
    if (url.pathname === '/api/leads-monitoring') return json(200, { results: monitoring });
    if (url.pathname === '/api/leads-management/filter-options') return json(200, { results: managementOptions });
    if (url.pathname === '/api/leads-management') return json(200, { results: { data: [], totalRows: 0 } });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const gridQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/leads-monitoring')
    .map((u) => Object.fromEntries(u.searchParams));

describe('LeadsMonitoringPage', () => {
  it('shows counts and GP per person and stage, the stale counts and the totals', async () => {
    await start();
    const sari = (await screen.findByText('Maya Lestari')).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Leads Monitoring' })).toBeInTheDocument();
    const cells = within(sari).getAllByRole('cell').map((c) => c.textContent);
    // E1, E2, E3, Total, 30+, 90+
    expect(cells).toEqual(['2Rp 3.000.000.000', '0', '1Rp 500.000.000', '3Rp 3.500.000.000', '1', '0']);
    const totals = screen.getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '2Rp 3.000.000.000', '0', '1Rp 500.000.000', '3Rp 3.500.000.000', '1', '0',
    ]);
    expect(screen.getByText('Andi Pratama')).toBeInTheDocument(); // a person without leads keeps a row
  });

  it("opens Leads Management filtered to a cell's person and stage, or to their stale leads", async () => {
    const { router } = await start(READ, '/system/leads-monitoring?team=3&createdFrom=2026-01-01&status=ONGOING');
    fireEvent.click(await screen.findByLabelText('Maya Lestari, E3: 1 leads'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sales: '7',
      stage: '3',
      team: '3',
      createdFrom: '2026-01-01',
      status: 'NEW,WAITING',
    });
    void router.navigate(-1);
    fireEvent.click(await screen.findByLabelText('Maya Lestari: 1 leads not contacted for 30 days'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management'));
    // the stale counts are ongoing leads whatever the status filter: the link does not carry it
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sales: '7',
      stale: '30',
      team: '3',
      createdFrom: '2026-01-01',
    });
  });

  it('exports the grid under its filters, a count and a GP column per stage', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:grid'), revokeObjectURL: vi.fn() });
    const { requests } = await start(READ, '/system/leads-monitoring?team=3&status=ONGOING');
    await screen.findByText('Maya Lestari');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const asked = await waitFor(() => {
      const found = gridQueries(requests).find((q) => q.export === 'xlsx');
      expect(found).toBeDefined();
      return found!;
    });
    expect(asked).toMatchObject({ teamLeaderId: '3', status: 'ONGOING', exportTitle: 'Leads Monitoring' });
    const keys = JSON.parse(asked.exportColumns).map((c: { key: string }) => c.key);
    expect(keys).toEqual([
      'salesFullname', 'teamLeaderName',
      'cells.0.count', 'cells.0.totalGrossProfit', 'cells.1.count', 'cells.1.totalGrossProfit',
      'cells.2.count', 'cells.2.totalGrossProfit',
      'count', 'totalGrossProfit', 'stale30', 'stale90',
    ]);
  });

  it('shows plain numbers to someone without Leads Management', async () => {
    await start(null);
    await screen.findByText('Maya Lestari');
    expect(screen.queryByLabelText('Maya Lestari, E1: 2 leads')).toBeNull();
    expect(screen.queryAllByRole('link', { name: /leads/ })).toEqual([]);
  });

  it('lays a phone out as a block per person with their stages, no table', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      await start();
      const title = await screen.findByText('Maya Lestari');
      expect(document.querySelector('.monitoring__table')).toBeNull();
      const block = title.closest('.monitoring__block')!;
      expect(block).toHaveTextContent('3 · Rp 3.500.000.000');
      const stages = [...block.querySelectorAll('.monitoring__stages li')].map((li) => li.textContent);
      expect(stages).toEqual(['E1 Found2Rp 3.000.000.000', 'E2 Connected0', 'E3 Qualified1Rp 500.000.000']);
      expect(within(block as HTMLElement).getByLabelText('Maya Lestari: 1 leads not contacted for 30 days')).toBeInTheDocument();
      expect(screen.getByText('All sales people').closest('.monitoring__block')).toHaveTextContent('3 · Rp 3.500.000.000');
    } finally {
      window.innerWidth = width;
    }
  });

  it('sends the team and status filters', async () => {
    const { requests } = await start();
    await screen.findByText('Maya Lestari');
    expect(gridQueries(requests)[0]).toEqual({});
    await chooseOption(screen.getByLabelText('Filter by team'), 'Budi Santoso');
    await waitFor(() => expect(gridQueries(requests).at(-1)).toEqual({ teamLeaderId: '3' }));
    await chooseOption(screen.getByLabelText('Filter by status'), 'On Going');
    await waitFor(() => expect(gridQueries(requests).at(-1)).toEqual({ teamLeaderId: '3', status: 'ONGOING' }));
  });
});
