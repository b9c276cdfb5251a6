import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { PAGE_DETAIL, PAGES } from '../test-fixtures';
import { PAGE_MESSAGES, PageAddPage, PageEditPage } from './page-form-page';
import { PageListPage } from './page-list-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/page-management', Component: PageListPage },
  { path: '/system/page-management/add', Component: PageAddPage },
  { path: '/system/page-management/:id', Component: PageEditPage },
];

afterEach(() => Modal.destroyAll());

const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const TAKEN = "Page 'system/report' already exists.";

async function start(path: string, flags: PageFlags = FULL) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/page-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/page-management'] }, (req, url) => {
    if (url.pathname === '/api/page-management' && req.method === 'GET') {
      return json(200, { results: { data: PAGES, totalRows: 31 } });
    }
    if (url.pathname === '/api/page-management' && req.method === 'POST') {
      return json(422, { messages: [TAKEN], type: 'ValidationFailed' });
    }
    if (url.pathname === '/api/page-management/2' && req.method !== 'DELETE') {
      return json(200, { results: PAGE_DETAIL });
    }
    if (url.pathname === '/api/page-management/2' && req.method === 'DELETE') return json(200, { results: null });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/page-management')
    .map((u) => Object.fromEntries(u.searchParams));

describe('PageListPage', () => {
  it('lists pages with code, url, roles and menu items, sorted by name on the server', async () => {
    const { requests, router } = await start('/system/page-management');
    expect(await screen.findByText('Monthly Billing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Management' })).toBeInTheDocument();
    for (const title of ['Name', 'Code', 'URL', 'Roles', 'Menu items']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    const approval = screen.getByText('system/approval').closest('tr')!;
    expect(approval).toHaveTextContent('/system/approval');
    expect(approval).toHaveTextContent('4');
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10', sort: 'name', desc: 'false' });
    fireEvent.click(screen.getByText('Monthly Billing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/page-management/2'));
  });

  it('removes a page after asking', async () => {
    const { requests } = await start('/system/page-management');
    await screen.findByText('Monthly Billing');
    const row = screen.getByText('Monthly Billing').closest('tr')!;
    const menu = await openDropdownMenu(within(row).getByLabelText('Actions for Monthly Billing'));
    fireEvent.click(within(menu).getByText('Remove'));
    expect(await screen.findByText(/Do you want to remove 'Monthly Billing' \?/)).toBeInTheDocument();
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText("'Monthly Billing' has been deleted successfully.")).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && new URL(r.url).pathname === '/api/page-management/2')).toBe(
      true,
    );
  });

  it('shows neither Add nor the row menu with read access only', async () => {
    await start('/system/page-management', READ_ONLY);
    await screen.findByText('Monthly Billing');
    expect(() => buttonByText('Add Page')).toThrow();
    expect(screen.queryByLabelText('Actions for Monthly Billing')).toBeNull();
  });
});

describe('PageFormPage', () => {
  it("checks the code and shows the server's refusal of a new page", async () => {
    const { requests } = await start('/system/page-management/add');
    const code = await screen.findByLabelText('Code');
    fireEvent.change(code, { target: { value: 'System/Report' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Report Again' } });
    expect(await screen.findByText(PAGE_MESSAGES.codeRule)).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled();
    fireEvent.change(code, { target: { value: 'system/report' } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    expect((await screen.findAllByText(TAKEN)).length).toBeGreaterThan(0);
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ code: 'system/report', name: 'Report Again', url: null });
  });

  it('edits a page whose code is fixed, with who has access and its menu items', async () => {
    await start('/system/page-management/2');
    expect(await screen.findByRole('heading', { name: 'Edit Page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Monthly Billing'));
    expect(screen.getByLabelText('Code')).toBeDisabled();
    expect(screen.getByText(PAGE_MESSAGES.codeFixed)).toBeInTheDocument();
    const leader = screen.getByText('Team Leader').closest('tr')!;
    expect(within(leader).getAllByLabelText('yes')).toHaveLength(1);
    expect(within(leader).getAllByLabelText('no')).toHaveLength(3);
    expect(screen.getByText('Reports › Monthly Billing')).toBeInTheDocument();
    expect(buttonByText('Remove')).toBeEnabled();
  });

  it('is read only without edit access', async () => {
    await start('/system/page-management/2', READ_ONLY);
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeDisabled());
    expect(() => buttonByText('Save')).toThrow();
    expect(() => buttonByText('Remove')).toThrow();
  });
});
