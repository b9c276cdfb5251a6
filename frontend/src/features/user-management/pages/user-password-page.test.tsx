import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { userRow } from '../test-fixtures';
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

type Handler = (request: Request, url: URL) => Response | undefined;

afterEach(() => Modal.destroyAll());

const SARI = userRow(7, { fullname: 'Dewi Lestari', username: 'dewi.l' });
const PASSWORD = 'Abcd#Efgh!12';
const PATH = '/system/user-management/7/change-password';

async function start(flags: PageFlags = FULL, handler?: Handler) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/user-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/user-management'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/users/7' && req.method === 'GET') return json(200, { results: SARI });
    if (url.pathname === '/api/users/roles') return json(200, { results: [] });
    if (url.pathname === '/api/users') return json(200, { results: { data: [], totalRows: 0 } });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, PATH)) };
}

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirmation } });
}

describe('UserPasswordPage', () => {
  it("sets the user's password and goes back to the user's page", async () => {
    const { requests, router } = await start(FULL, (req, url) =>
      url.pathname === '/api/users/7/change-password' && req.method === 'PUT' ? json(200, { results: null }) : undefined,
    );
    expect(await screen.findByText('A new password for Dewi Lestari (dewi.l).')).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(
      /System\s*\/\s*User Management\s*\/\s*Dewi Lestari\s*\/\s*Set Password/,
    );
    fill(PASSWORD, PASSWORD);
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("The password of 'dewi.l' has been set.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.clone().json()).toEqual({ newPassword: PASSWORD, confirmationNewPassword: PASSWORD });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user-management/7'));
  });

  it('checks the policy before sending anything', async () => {
    const { requests } = await start();
    await screen.findByText('A new password for Dewi Lestari (dewi.l).');
    fill('short', 'short');
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("shows the server's messages and stays", async () => {
    const { router } = await start(FULL, (req, url) =>
      url.pathname === '/api/users/7/change-password' && req.method === 'PUT'
        ? json(422, { messages: ['Password was used recently: choose another one.'], type: 'ValidationFailed' })
        : undefined,
    );
    await screen.findByText('A new password for Dewi Lestari (dewi.l).');
    fill(PASSWORD, PASSWORD);
    fireEvent.click(buttonByText('Save'));
    await waitFor(() =>
      expect(document.querySelector('.form-alert')).toHaveTextContent('Password was used recently: choose another one.'),
    );
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('offers no form without edit access', async () => {
    await start({ ...FULL, isEdit: false });
    expect(await screen.findByText("You do not have access to set users' passwords.")).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
