import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { clientRow } from '../test-fixtures';
import { ClientListPage } from './client-list-page';
import { ClientFormPage } from './client-form-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/client-management', Component: ClientListPage },
  { path: '/system/client-management/add', Component: ClientFormPage },
  { path: '/system/client-management/:clientId', Component: ClientFormPage },
];

// The page is loaded on demand; the first render in a worker takes a while.

afterEach(() => Modal.destroyAll());

async function start(flags: PageFlags, rows = [clientRow(1), clientRow(2, { totalLeads: 3 })]) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/client-management': flags } });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/clients' && req.method === 'GET') {
      return json(200, { results: { data: rows, totalRows: 25 } });
    }
    if (url.pathname === '/api/clients/1' && req.method === 'DELETE') return json(200, { results: null });
    return undefined;
  });
  await renderRoutes(pages, '/system/client-management');
  return requests;
}

async function openRowMenu(name: string): Promise<HTMLElement> {
  return openDropdownMenu(await screen.findByLabelText(`Actions for ${name}`));
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/clients')
    .map((u) => Object.fromEntries(u.searchParams));

describe('ClientListPage', () => {
  it('shows the table and Add with read and write access, ten rows a page from offset 0', async () => {
    const requests = await start(FULL);
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Client Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Client/ })).toBeInTheDocument();
    for (const title of ['ID', 'Name', 'Legal Name', 'Industry', 'Personel', 'Address']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    expect(listQueries(requests)[0]).toMatchObject({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ offset: '10', limit: '10' }));

    fireEvent.click(screen.getByRole('columnheader', { name: /^Legal Name/ }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ offset: '0', sort: 'legalName', desc: 'false' }),
    );
  });

  it('hides the Add button without write access', async () => {
    await start({ ...FULL, isWrite: false });
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Client/ })).toBeNull();
  });

  it('hides the table without read access and does not load it', async () => {
    const requests = await start({ ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the client list.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listQueries(requests)).toHaveLength(0);
  });

  it('offers Remove only for clients without leads, and only with delete access', async () => {
    await start(FULL);
    const menu1 = await openRowMenu('Client 1');
    expect(within(menu1).getByText('Edit')).toBeInTheDocument();
    expect(within(menu1).getByText('Remove')).toBeInTheDocument();

    const menu2 = await openRowMenu('Client 2');
    expect(menu2).not.toBe(menu1);
    expect(within(menu2).getByText('Edit')).toBeInTheDocument();
    expect(within(menu2).queryByText('Remove')).toBeNull();
  });

  it('shows no row menu without edit and delete access', async () => {
    await start({ ...FULL, isEdit: false, isDelete: false });
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Actions for Client 1')).toBeNull();
  });

  it('asks before removing and toasts the outcome', async () => {
    const requests = await start(FULL);
    fireEvent.click(within(await openRowMenu('Client 1')).getByText('Remove'));
    expect(await screen.findByText("Do you want to remove 'Client 1' ?")).toBeInTheDocument();
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText("'Client 1' has been deleted successfully.")).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && new URL(r.url).pathname === '/api/clients/1')).toBe(true);
  });

  it('shows the server reason when a delete is refused', async () => {
    setToken('a');
    stubApi(makeSession({ pageAccess: { 'system/client-management': FULL } }), (req, url) => {
      if (url.pathname === '/api/clients' && req.method === 'GET') {
        return json(200, { results: { data: [clientRow(1)], totalRows: 1 } });
      }
      if (url.pathname === '/api/clients/1' && req.method === 'DELETE') {
        return json(409, { messages: ['Client has 1 lead and cannot be deleted.'], type: 'Conflict' });
      }
      return undefined;
    });
    await renderRoutes(pages, '/system/client-management');
    fireEvent.click(within(await openRowMenu('Client 1')).getByText('Remove'));
    await screen.findByText("Do you want to remove 'Client 1' ?");
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText("'Client 1' failed to be deleted.")).toBeInTheDocument();
    expect(screen.getByText('Client has 1 lead and cannot be deleted.')).toBeInTheDocument();
  });
});
