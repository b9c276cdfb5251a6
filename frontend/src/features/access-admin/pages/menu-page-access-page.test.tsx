import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption, confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, type ApiHandler } from '@/test/render';
import { ADMIN, renderMenuAccess, SALES, SALES1_EFFECTIVE } from '../test-fixtures';

afterEach(() => Modal.destroyAll());

const PATH = '/system/menu-page-access';
const READ: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const IN_USE = '6 users have the role Sales Person: give them another role first.';

function start(flags: PageFlags = FULL, path = PATH, handler?: ApiHandler) {
  return renderMenuAccess(path, flags, [PATH], handler, (req, url) => {
    if (url.pathname === '/api/menu-access' && req.method === 'GET') {
      return json(200, { results: { data: [ADMIN, SALES], totalRows: 12 } });
    }
    if (url.pathname === '/api/users') {
      return json(200, {
        results: { data: [{ id: 11, fullname: 'Sari Dewi', username: 'sales1' }], totalRows: 1 },
      });
    }
    if (url.pathname === '/api/access/effective/11') return json(200, { results: SALES1_EFFECTIVE });
    return undefined;
  });
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/menu-access')
    .map((u) => Object.fromEntries(u.searchParams));

describe('MenuPageAccessPage', () => {
  it('lists the roles with their dashboard, whitelist, pages and users, the wildcard tagged', async () => {
    const { requests, router } = await start();
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Menu Page Access' })).toBeInTheDocument();
    for (const title of ['Role', 'Dashboard', 'Hierarchy whitelist', 'Pages readable', 'Active users']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    const admin = screen.getByText('Administrator').closest('tr')!;
    expect(admin).not.toHaveTextContent('ADMIN'); // the role as people know it, not its code
    expect(admin).toHaveTextContent('Every access');
    expect(admin).toHaveTextContent('Top Management');
    expect(admin).toHaveTextContent('Sees every lead');
    expect(admin).toHaveTextContent('All');
    const sales = screen.getByText('Sales Person', { selector: 'a' }).closest('tr')!;
    expect(sales).not.toHaveTextContent('Every access');
    expect(sales).toHaveTextContent('Own team');
    expect(sales).toHaveTextContent('12');
    expect(sales).toHaveTextContent('6');
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByText('Sales Person', { selector: 'a' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/menu-page-access/3'));
  });

  it('sends the search and the sort', async () => {
    const { requests } = await start();
    await screen.findByText('Administrator');
    const box = screen.getByPlaceholderText('Search role name or description');
    fireEvent.change(box, { target: { value: ' sales ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', search: 'sales' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /^Dashboard/ }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ sort: 'dashboardComponent', desc: 'false', search: 'sales' }),
    );
  });

  it("says 'No Information...' when there is no role, and 'Error loading data' when the list fails", async () => {
    await start(FULL, PATH, (_req, url) =>
      url.pathname === '/api/menu-access' ? json(200, { results: { data: [], totalRows: 0 } }) : undefined,
    );
    expect(await screen.findByText('No Information...')).toBeInTheDocument();
  });

  it("shows 'Error loading data' with the server's message", async () => {
    await start(FULL, PATH, (_req, url) =>
      url.pathname === '/api/menu-access' ? json(500, { messages: ['Database is down'] }) : undefined,
    );
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
  });

  it('offers Add with write, Edit with edit and Remove with delete', async () => {
    const { router } = await start();
    await screen.findByText('Administrator');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Sales Person'));
    expect(within(menu).getByText('Edit')).toBeInTheDocument();
    expect(within(menu).getByText('Remove')).toBeInTheDocument();
    fireEvent.click(within(menu).getByText('Edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/menu-page-access/3'));
  });

  it('Add Role opens the add form', async () => {
    const { router } = await start();
    await screen.findByText('Administrator');
    fireEvent.click(buttonByText('Add Role'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/menu-page-access/add'));
  });

  it('has only Remove with delete alone, and neither Add nor a row menu with read alone', async () => {
    await start({ ...READ, isDelete: true });
    await screen.findByText('Administrator');
    expect(() => buttonByText('Add Role')).toThrow();
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Sales Person'));
    expect(within(menu).queryByText('Edit')).toBeNull();
    expect(within(menu).getByText('Remove')).toBeInTheDocument();
  });

  it('has no row menu and no Add with read access only', async () => {
    await start(READ);
    await screen.findByText('Administrator');
    expect(screen.queryByLabelText('Actions for Sales Person')).toBeNull();
    expect(() => buttonByText('Add Role')).toThrow();
  });

  it('hides the table without read access and never asks for it', async () => {
    const { requests } = await start({ ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the roles.')).toBeInTheDocument();
    expect(listQueries(requests)).toEqual([]);
  });

  it("asks before removing a role and shows the server's refusal", async () => {
    const { requests } = await start(FULL, PATH, (req, url) =>
      url.pathname === '/api/menu-access/3' && req.method === 'DELETE'
        ? json(409, { messages: [IN_USE], type: 'Conflict' })
        : undefined,
    );
    await screen.findByText('Administrator');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Sales Person'));
    fireEvent.click(within(menu).getByText('Remove'));
    const ok = await waitFor(() => confirmButton('Remove'));
    const dialog = ok.closest('.ant-modal-confirm')!;
    expect(dialog).toHaveTextContent('Remove role');
    expect(dialog).toHaveTextContent("Do you want to remove 'Sales Person' ?");
    fireEvent.click(ok);
    expect(await screen.findByText("'Sales Person' failed to be deleted.")).toBeInTheDocument();
    expect(screen.getByText(IN_USE)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/menu-access/3'))).toBe(true);
  });

  it("removes a role once confirmed and says so", async () => {
    const { requests } = await start(FULL, PATH, (req, url) =>
      url.pathname === '/api/menu-access/3' && req.method === 'DELETE' ? json(200, { results: null }) : undefined,
    );
    await screen.findByText('Administrator');
    const before = listQueries(requests).length;
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Sales Person'));
    fireEvent.click(within(menu).getByText('Remove'));
    fireEvent.click(await waitFor(() => confirmButton('Remove')));
    expect(await screen.findByText("'Sales Person' has been deleted successfully.")).toBeInTheDocument();
    await waitFor(() => expect(listQueries(requests).length).toBeGreaterThan(before)); // the list is read again
  });
});

describe('Effective access tab', () => {
  it('opens from the address and shows every page with its flags and the lines that grant them', async () => {
    await start(READ, `${PATH}?tab=effective&user=11`);
    expect(await screen.findByText('Contact Management')).toBeInTheDocument();
    expect(screen.getByText(/may read 2 of 3 pages/)).toBeInTheDocument();
    const contacts = screen.getByText('Contact Management').closest('tr')!;
    expect(within(contacts).getByLabelText('Read: allowed')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('Write: allowed')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('Edit: not allowed')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('Delete: not allowed')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Contact Management'));
    expect(await screen.findByText('p, SALES, system/contact-management, read')).toBeInTheDocument();
    expect(screen.getByText('p, SALES, system/contact-management, write')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Leads', { selector: '.matrix-page__name' }));
    expect(await screen.findByText('g, SALES, VIEWER')).toBeInTheDocument(); // the inherited role's line
    expect(screen.getByText('p, VIEWER, leads, read')).toBeInTheDocument();
  });

  it('keeps only pages with some access when asked, and filters pages by name', async () => {
    await start(READ, `${PATH}?tab=effective&user=11`);
    await screen.findByText('Contact Management');
    expect(screen.getByText('Menu Page Access', { selector: '.matrix-page__name' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Only pages with some access'));
    await waitFor(() => expect(screen.queryByText('Menu Page Access', { selector: '.matrix-page__name' })).toBeNull());
    fireEvent.change(screen.getByPlaceholderText('Filter pages'), { target: { value: 'lead' } });
    await waitFor(() => expect(screen.queryByText('Contact Management')).toBeNull());
    expect(screen.getByText('Leads', { selector: '.matrix-page__name' })).toBeInTheDocument();
  });

  it('puts the tab and the chosen user in the address', async () => {
    const { router, requests } = await start(READ);
    await screen.findByText('Administrator');
    fireEvent.click(screen.getByRole('tab', { name: 'Effective access' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=effective'));
    expect(screen.getByText(/Choose a user to see/)).toBeInTheDocument();
    await chooseOption(screen.getByLabelText('User'), 'Sari Dewi (sales1)');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=effective&user=11'));
    expect(await screen.findByText('Contact Management')).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/access/effective/11')).toBe(true);
  });
});
