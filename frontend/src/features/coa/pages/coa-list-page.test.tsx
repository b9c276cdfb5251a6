import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { coa } from '../test-fixtures';
import { CoaListPage } from './coa-list-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/coa-management', Component: CoaListPage },
];

type Handler = (request: Request, url: URL) => Response | undefined;

// The page is loaded on demand; the first render in a worker takes a while.

afterEach(() => Modal.destroyAll());

async function start(flags: PageFlags = FULL, handler?: Handler) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/coa-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/coa-management'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/coa-management' && req.method === 'GET') {
      return json(200, { results: { data: [coa(1, { name: 'Managed Services Revenue' }), coa(2, { type: 'COST' })], totalRows: 42 } });
    }
    if (url.pathname === '/api/coa-management/delete') {
      return json(200, { results: { message: "'Managed Services Revenue' has been deleted successfully." } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/coa-management')) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/coa-management')
    .map((u) => Object.fromEntries(u.searchParams));

const bodiesOf = async (requests: Request[], path: string, method: string) =>
  Promise.all(
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === path)
      .map((r) => r.clone().json() as Promise<Record<string, unknown>>),
  );

describe('CoaListPage', () => {
  it('lists the chart of accounts ten a page with the spec columns, Add, Edit and Remove', async () => {
    const { requests } = await start();
    expect(await screen.findByText('Managed Services Revenue')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'COA Management' })).toBeInTheDocument();
    expect(buttonByText('Add COA')).toBeInTheDocument();
    for (const title of ['Code', 'Item', 'Description', 'Keywords']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ offset: '20', limit: '10' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /^Keywords/ }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', sort: 'keywords', desc: 'false' }),
    );

    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Managed Services Revenue'));
    expect(within(menu).getByText('Edit')).toBeInTheDocument();
    expect(within(menu).getByText('Remove')).toBeInTheDocument();
  });

  it('searches with the text lower-cased from offset 0', async () => {
    const { requests } = await start();
    await screen.findByText('Managed Services Revenue');
    const box = screen.getByPlaceholderText('Search here...');
    fireEvent.change(box, { target: { value: '  Cloud AWS ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', search: 'cloud aws' }),
    );
  });

  it('removes after the "Remove COA" confirmation and toasts the success', async () => {
    const { requests } = await start();
    await screen.findByText('Managed Services Revenue');
    const before = listQueries(requests).length;
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Managed Services Revenue'));
    fireEvent.click(within(menu).getByText('Remove'));
    expect(await screen.findByText("Do you want to remove 'Managed Services Revenue' ?")).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Remove COA');
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText("'Managed Services Revenue' has been deleted successfully.")).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/coa-management/delete', 'PUT')).toEqual([{ id: 1 }]);
    await waitFor(() => expect(listQueries(requests).length).toBeGreaterThan(before)); // the list is refreshed
  });

  it("toasts \"'{name}' failed to be deleted.\" with the server's reason", async () => {
    await start(FULL, (_req, url) =>
      url.pathname === '/api/coa-management/delete'
        ? json(404, { messages: ['COA not found.'], type: 'NotFound' })
        : undefined,
    );
    await screen.findByText('Managed Services Revenue');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Managed Services Revenue'));
    fireEvent.click(within(menu).getByText('Remove'));
    fireEvent.click(await waitFor(() => confirmButton('Remove')));
    expect(await screen.findByText("'Managed Services Revenue' failed to be deleted.")).toBeInTheDocument();
    expect(screen.getByText('COA not found.')).toBeInTheDocument();
  });

  it('hides Add without write access and offers only Edit without delete access', async () => {
    await start({ ...FULL, isWrite: false, isDelete: false });
    await screen.findByText('Managed Services Revenue');
    expect(() => buttonByText('Add COA')).toThrow();
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Managed Services Revenue'));
    expect(within(menu).getByText('Edit')).toBeInTheDocument();
    expect(within(menu).queryByText('Remove')).toBeNull();
  });

  it('offers only Remove without edit access', async () => {
    await start({ ...FULL, isEdit: false });
    await screen.findByText('Managed Services Revenue');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Managed Services Revenue'));
    expect(within(menu).queryByText('Edit')).toBeNull();
    expect(within(menu).getByText('Remove')).toBeInTheDocument();
  });

  it('has no row menu with read access only', async () => {
    await start({ isRead: true, isWrite: false, isEdit: false, isDelete: false });
    await screen.findByText('Managed Services Revenue');
    expect(screen.queryByLabelText('Actions for Managed Services Revenue')).toBeNull();
  });

  it('hides the table without read access and never asks for the list', async () => {
    const { requests } = await start({ ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the chart of accounts.')).toBeInTheDocument();
    expect(screen.queryByText('Managed Services Revenue')).toBeNull();
    expect(listQueries(requests)).toEqual([]);
  });
});
