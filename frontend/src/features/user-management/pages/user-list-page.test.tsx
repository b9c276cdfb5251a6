import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { ROLES, userRow } from '../test-fixtures';
import { UserListPage } from './user-list-page';
import { UserAddPage, UserEditPage } from './user-form-page';
import { UserPasswordPage } from './user-password-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/user-management', Component: UserListPage },
  { path: '/system/user-management/add', Component: UserAddPage },
  { path: '/system/user-management/:userId', Component: UserEditPage },
  { path: '/system/user-management/:userId/change-password', Component: UserPasswordPage },
];

afterEach(() => Modal.destroyAll());

const SARI = userRow(7, {
  fullname: 'Dewi Lestari',
  nickname: 'Dewi',
  username: 'dewi.l',
  leaderName: 'Budi Santoso',
  lastSignInAt: '2026-01-05T07:05:00Z',
});
const ANDI = userRow(8, { fullname: 'Andi Pratama', username: 'andi', isActive: false, roleDescription: 'Sales Leader' });

async function start(flags: PageFlags = FULL) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/user-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/user-management'] }, (req, url) => {
    if (url.pathname === '/api/users/roles') return json(200, { results: ROLES });
    if (url.pathname === '/api/users' && req.method === 'GET') {
      return json(200, { results: { data: [SARI, ANDI], totalRows: 23 } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/user-management')) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/users')
    .map((u) => Object.fromEntries(u.searchParams));

describe('UserListPage', () => {
  it('lists users with their role, leader, status and last sign-in, links and Add User', async () => {
    const { requests, router } = await start();
    expect(await screen.findByText('Dewi Lestari')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    for (const title of ['Name', 'Username', 'Role', 'Leader', 'Status', 'Last sign-in']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    const sari = screen.getByText('Dewi Lestari').closest('tr')!;
    expect(within(sari).getByText('Dewi')).toBeInTheDocument(); // the nickname under the name
    expect(sari).toHaveTextContent('dewi.l');
    expect(sari).toHaveTextContent('Budi Santoso');
    expect(sari).toHaveTextContent('Active');
    expect(sari).toHaveTextContent(/5-Jan-2026 \d\d:05/);
    const andi = screen.getByText('Andi Pratama').closest('tr')!;
    expect(andi).toHaveTextContent('Inactive');
    expect(andi).toHaveTextContent('Sales Leader');
    expect(within(andi).getAllByText('-')).toHaveLength(2); // no leader, never signed in
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByText('Dewi Lestari'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user-management/7'));
  });

  it('sends the search, the sort and the role and status filters as criteria', async () => {
    const { requests } = await start();
    await screen.findByText('Dewi Lestari');

    const box = screen.getByPlaceholderText('Search name, username or e-mail');
    fireEvent.change(box, { target: { value: ' Dewi ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', search: 'Dewi' }));

    fireEvent.click(screen.getByRole('columnheader', { name: /^Last sign-in/ }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ sort: 'lastSignInAt', desc: 'false', search: 'Dewi' }),
    );

    await chooseOption(screen.getByLabelText('Filter by role'), 'Sales Leader');
    await waitFor(() =>
      expect(JSON.parse(listQueries(requests).at(-1)?.criteria ?? '[]')).toEqual([{ field: 'roleId', value: 4 }]),
    );
    await chooseOption(screen.getByLabelText('Filter by status'), 'Inactive');
    await waitFor(() =>
      expect(JSON.parse(listQueries(requests).at(-1)?.criteria ?? '[]')).toEqual([
        { field: 'roleId', value: 4 },
        { field: 'isActive', value: false },
      ]),
    );
    expect(listQueries(requests).at(-1)).toMatchObject({ offset: '0', search: 'Dewi', sort: 'lastSignInAt' });
  });

  it('offers Edit in the row menu with edit access', async () => {
    const { router } = await start();
    await screen.findByText('Dewi Lestari');
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Dewi Lestari'));
    fireEvent.click(within(menu).getByText('Edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user-management/7'));
  });

  it('hides Add User without write access', async () => {
    await start({ ...FULL, isWrite: false });
    await screen.findByText('Dewi Lestari');
    expect(() => buttonByText('Add User')).toThrow();
    expect(screen.getByLabelText('Actions for Dewi Lestari')).toBeInTheDocument();
  });

  it('has no row menu with read access only', async () => {
    await start({ isRead: true, isWrite: false, isEdit: false, isDelete: false });
    await screen.findByText('Dewi Lestari');
    expect(screen.queryByLabelText('Actions for Dewi Lestari')).toBeNull();
    expect(() => buttonByText('Add User')).toThrow();
  });

  it('hides the table without read access and never asks for the list', async () => {
    const { requests } = await start({ ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the users.')).toBeInTheDocument();
    expect(listQueries(requests)).toEqual([]);
  });
});
