import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { OwnerChangeDialogProps } from '../lib/composed';
import { managedLead, managementOptions } from '../test-fixtures';
import { LeadsManagementPage } from './leads-management-page';
import { ManagedLeadAddPage, ManagedLeadEditPage } from './lead-management-forms';
import { LeadsMonitoringPage } from './leads-monitoring-page';

/** What the app composes in for those who may change owners: here, a dialog that shows the leads it was given. */
function OwnerDialog({ leads, open, onClose, onDone }: OwnerChangeDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Change Owner">
      {leads.map((l) => `${l.projectName} (${l.salesFullname} #${l.salesPersonId})`).join('; ')}
      <button
        onClick={() => {
          onDone?.();
          onClose();
        }}
      >
        Moved
      </button>
    </div>
  );
}

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/leads-management', Component: LeadsManagementPage },
  { path: '/system/leads-management/owners', Component: () => <LeadsManagementPage changeOwner={OwnerDialog} /> },
  { path: '/system/leads-management/add', Component: ManagedLeadAddPage },
  { path: '/system/leads-management/edit/:leadsId', Component: ManagedLeadEditPage },
  { path: '/system/leads-monitoring', Component: LeadsMonitoringPage },
];

afterEach(() => Modal.destroyAll());

const PAGE = 'system/leads-management';
const ALPHA = managedLead(5, { projectName: 'Core Banking Refresh', lastContacted: 95 });
const BRAVO = managedLead(6, {
  projectName: 'Data Center Move',
  clientName: 'Perusahaan Gas Nusantara',
  salesFullname: 'Andi Pratama',
  stageName: 'E3',
  stageDescription: 'Qualified',
  status: 'HOLD',
  expectedCloseDate: null,
});

async function start(path = '/system/leads-management', flags: PageFlags = FULL) {
  setToken('a');
  const session = makeSession({ pageAccess: { [PAGE]: flags, leads: FULL } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/leads-management'] }, (_req, url) => {
    if (url.pathname === '/api/leads-management/filter-options') return json(200, { results: managementOptions });
    if (url.pathname === '/api/master-data/clients') return json(200, { results: [{ id: 1, clientName: 'Bank Nusa Mandiri' }] });
    if (url.pathname === '/api/leads-management') {
      return json(200, { results: { data: [ALPHA, BRAVO], totalRows: 12 } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/leads-management')
    .map((u) => Object.fromEntries(u.searchParams));

describe('LeadsManagementPage', () => {
  it('lists the leads with their sales person, stage, status, GP, dates and last contact', async () => {
    const { requests, router } = await start();
    expect(await screen.findByText('Core Banking Refresh')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads Management' })).toBeInTheDocument();
    for (const title of ['Project', 'Sales Person', 'Stage', 'Total GP', 'Expected Close', 'Last Contacted']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    // the creation date needs a wide screen (from 1600 px): beside the sidebar at 1280 it pushed the table past the page
    expect(screen.queryByRole('columnheader', { name: /^Created/ })).toBeNull();
    const alpha = screen.getByText('Core Banking Refresh').closest('tr')!;
    expect(alpha).toHaveTextContent('Bank Nusa Mandiri');
    expect(alpha).toHaveTextContent('Sari Dewi');
    expect(alpha).toHaveTextContent('Budi Santoso');
    expect(alpha).toHaveTextContent('E1 Found');
    expect(alpha).toHaveTextContent('New');
    expect(alpha).toHaveTextContent('Rp 1.500.000.000');
    expect(alpha).toHaveTextContent('31-Dec-2026');
    expect(within(alpha).getByText('95 days')).toHaveAttribute('data-color', 'red');
    const bravo = screen.getByText('Data Center Move').closest('tr')!;
    expect(bravo).toHaveTextContent('On Hold');
    expect(bravo).toHaveTextContent('E3 Qualified');
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByText('Core Banking Refresh'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/5'));
  });

  it("takes a monitoring cell's filters from the address and sends them", async () => {
    const { requests } = await start('/system/leads-management?sales=7&stage=2&team=3&stale=30&createdFrom=2026-01-01&createdTo=2026-03-31&status=NEW,WAITING');
    await screen.findByText('Core Banking Refresh');
    const query = listQueries(requests)[0];
    expect(JSON.parse(query.criteria)).toEqual([
      { field: 'salesPersonId', value: 7 },
      { field: 'stageId', value: 2 },
      { field: 'status', value: ['NEW', 'WAITING'] },
    ]);
    expect(query).toMatchObject({ teamLeaderId: '3', staleDays: '30', createdFrom: '2026-01-01', createdTo: '2026-03-31' });
    await waitFor(() => expect(screen.getByLabelText('Filter by sales person').closest('.ant-select')).toHaveTextContent('Sari Dewi'));
    expect(screen.getByLabelText('Filter by days without contact').closest('.ant-select')).toHaveTextContent('Not contacted 30+ days');
  });

  it('sends the search, the sort and the filters', async () => {
    const { requests } = await start();
    await screen.findByText('Core Banking Refresh');
    const box = screen.getByPlaceholderText('Search project or client');
    fireEvent.change(box, { target: { value: 'core' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', search: 'core' }));

    fireEvent.click(screen.getByRole('columnheader', { name: /^Total GP/ }));
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ sort: 'totalGrossProfit', desc: 'false' }));

    await chooseOption(screen.getByLabelText('Filter by status'), 'On Going');
    await waitFor(() =>
      expect(JSON.parse(listQueries(requests).at(-1)?.criteria ?? '[]')).toEqual([{ field: 'status', value: ['NEW', 'WAITING'] }]),
    );
    await chooseOption(screen.getByLabelText('Filter by team'), 'Budi Santoso');
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ teamLeaderId: '3', search: 'core' }));
  });

  it('offers Add Lead and the row menu Edit to the management edit page', async () => {
    const { router } = await start();
    await screen.findByText('Core Banking Refresh');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Core Banking Refresh'));
    fireEvent.click(within(menu).getByText('Edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management/edit/5'));
  });

  it("changes a row's owner from its menu, and the chosen rows' owner at once", async () => {
    await start('/system/leads-management/owners', { ...FULL, isEdit: false, isDelete: false });
    await screen.findByText('Core Banking Refresh');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Core Banking Refresh'));
    expect(within(menu).queryByText('Edit')).toBeNull();
    fireEvent.click(within(menu).getByText('Change Owner'));
    expect(await screen.findByRole('dialog', { name: 'Change Owner' })).toHaveTextContent(
      `Core Banking Refresh (${ALPHA.salesFullname} #${ALPHA.salesPersonId})`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Moved' }));

    for (const name of ['Core Banking Refresh', 'Data Center Move']) {
      fireEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    const chosen = await screen.findByRole('group', { name: 'Chosen leads' });
    expect(chosen).toHaveTextContent('2 leads chosen');
    fireEvent.click(within(chosen).getByRole('button', { name: /Change Owner/ }));
    expect(await screen.findByRole('dialog', { name: 'Change Owner' })).toHaveTextContent(
      `Core Banking Refresh (${ALPHA.salesFullname} #${ALPHA.salesPersonId}); Data Center Move (Andi Pratama #${BRAVO.salesPersonId})`,
    );
    // once they have moved, nothing stays chosen
    fireEvent.click(screen.getByRole('button', { name: 'Moved' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Chosen leads' })).toBeNull());
  });

  it('offers no owner change to those who may not (no check boxes, no menu entry)', async () => {
    await start();
    await screen.findByText('Core Banking Refresh');
    expect(within(screen.getByText('Core Banking Refresh').closest('tr')!).queryByRole('checkbox')).toBeNull();
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Core Banking Refresh'));
    expect(within(menu).queryByText('Change Owner')).toBeNull();
  });

  it('has no Add without write and no row menu without edit or delete', async () => {
    await start('/system/leads-management', { isRead: true, isWrite: false, isEdit: false, isDelete: false });
    await screen.findByText('Core Banking Refresh');
    expect(() => buttonByText('Add Lead')).toThrow();
    expect(screen.queryByLabelText('Actions for Core Banking Refresh')).toBeNull();
  });

  it('hides the table without read access and never asks for the list', async () => {
    const { requests } = await start('/system/leads-management', { ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the leads.')).toBeInTheDocument();
    expect(listQueries(requests)).toEqual([]);
  });
});
