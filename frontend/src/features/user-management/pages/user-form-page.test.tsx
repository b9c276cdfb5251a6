import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption, confirmButton } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, versionedSave } from '@/test/render';
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

type Handler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

afterEach(() => Modal.destroyAll());

const BUDI = userRow(3, { fullname: 'Budi Santoso', username: 'budi', roleId: 4, roleDescription: 'Sales Leader' });
const SARI = userRow(7, {
  fullname: 'Dewi Lestari',
  username: 'dewi.l',
  nickname: 'Dewi',
  leaderId: 3,
  leaderName: 'Budi Santoso',
  phoneNumber: '628123456789',
  dob: '1992-04-01',
});
const PASSWORD = 'Abcd#Efgh!12';

/** A button of the newest confirmation dialog (a cancelled one may still be leaving). */
function lastConfirmButton(text: string): HTMLElement {
  const dialog = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1);
  if (!dialog) throw new Error('no confirmation dialog');
  return within(dialog).getByText(text).closest('button') as HTMLElement;
}

/** The form as the administrator with id `me` (not Dewi, user 7, unless a test says so). */
async function start(path: string, flags: PageFlags = FULL, handler?: Handler, me = 1) {
  setToken('a');
  const base = makeSession({ pageAccess: { 'system/user-management': flags } });
  const session = { ...base, user: { ...base.user, id: me, userId: me } };
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/user-management'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/users/roles') return json(200, { results: ROLES });
    if (url.pathname === '/api/users/7' && req.method === 'GET') return json(200, { results: SARI });
    if (url.pathname === '/api/users' && req.method === 'GET') {
      return json(200, { results: { data: [BUDI, SARI], totalRows: 2 } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const bodiesOf = async (requests: Request[], path: string, method: string) =>
  Promise.all(
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === path)
      .map((r) => r.clone().json() as Promise<Record<string, unknown>>),
  );

async function fillNewUser() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'rina.w' } });
  fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Rina Wulandari' } });
  await chooseOption(screen.getByLabelText('Role'), 'Sales Person');
  await chooseOption(screen.getByLabelText('Leader'), 'Budi Santoso');
  await chooseOption(screen.getByLabelText('Gender'), 'Female');
}

const saved = (status = 200) => (req: Request, url: URL) =>
  url.pathname === '/api/users' && req.method === 'POST' ? json(status, { results: userRow(12) }) : undefined;

describe('UserFormPage: add', () => {
  it('adds with a password set now, then says so and goes back to the list', async () => {
    const { requests, router } = await start('/system/user-management/add', FULL, saved());
    expect(await screen.findByRole('heading', { name: 'Add User' })).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/System\s*\/\s*User Management\s*\/\s*Add/);
    expect(screen.queryByText('Status')).toBeNull(); // the Active switch is for editing only
    await fillNewUser();
    expect(buttonByText('Save')).toBeDisabled(); // no password yet
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: PASSWORD } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("User 'rina.w' has been saved.")).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/users', 'POST')).toEqual([
      {
        username: 'rina.w',
        fullname: 'Rina Wulandari',
        nickname: null,
        roleId: 3,
        leaderId: 3,
        email: null,
        phoneNumber: null,
        gender: 'F',
        dob: null,
        isActive: true,
        passwordSignIn: true,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        sendPasswordMail: false,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user-management'));
  });

  it('adds with the password mail, which needs an e-mail address', async () => {
    const { requests } = await start('/system/user-management/add', FULL, saved());
    await screen.findByRole('heading', { name: 'Add User' });
    await fillNewUser();
    fireEvent.click(screen.getByLabelText('Send a password mail'));
    await waitFor(() => expect(screen.queryByLabelText('Password')).toBeNull());
    fireEvent.blur(screen.getByLabelText('E-mail'));
    expect(await screen.findByText('An e-mail address is needed to send the password mail.')).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'rina@example.co.id' } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("User 'rina.w' has been saved.")).toBeInTheDocument();
    const [body] = await bodiesOf(requests, '/api/users', 'POST');
    expect(body).toMatchObject({
      username: 'rina.w',
      email: 'rina@example.co.id',
      sendPasswordMail: true,
      redirectBaseUrl: window.location.origin,
    });
    expect(body).not.toHaveProperty('password');
  });

  it("shows every one of the server's 422 messages and stays", async () => {
    const { router } = await start('/system/user-management/add', FULL, (req, url) =>
      url.pathname === '/api/users' && req.method === 'POST'
        ? json(422, {
            messages: ["Username 'rina.w' is already taken.", 'Phone number can hold digits, spaces, dashes and a leading + (at most 20).'],
            type: 'ValidationFailed',
          })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Add User' });
    await fillNewUser();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: PASSWORD } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    const alert = await waitFor(() => {
      const found = document.querySelector('.form-alert');
      if (!found) throw new Error('no alert');
      return found;
    });
    expect(alert).toHaveTextContent("Failed to add 'rina.w'.");
    expect(alert.querySelectorAll('li')).toHaveLength(2);
    expect(alert).toHaveTextContent("Username 'rina.w' is already taken.");
    expect(alert).toHaveTextContent('Phone number can hold digits');
    expect(router.state.location.pathname).toBe('/system/user-management/add');
  });

  it('offers no form without write access', async () => {
    await start('/system/user-management/add', { ...FULL, isWrite: false });
    expect(await screen.findByText('You do not have access to add users.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});

describe('UserFormPage: edit', () => {
  const switchOf = () => document.querySelector<HTMLButtonElement>('button.ant-switch')!;

  it('loads the user, excludes them from the leaders and saves the changes', async () => {
    const { requests } = await start('/system/user-management/7', FULL, (req, url) =>
      url.pathname === '/api/users/7' && req.method === 'PUT' ? json(200, { results: SARI }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('dewi.l'));
    fireEvent.mouseDown(screen.getByLabelText('Leader'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Budi Santoso"]')).not.toBeNull());
    expect(document.querySelector('.ant-select-item-option[title="Dewi Lestari"]')).toBeNull();
    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Dewii' } });
    // signing in with the organisation's provider only
    expect(screen.getByRole('switch', { name: 'Password sign-in' })).toBeChecked();
    fireEvent.click(screen.getByRole('switch', { name: 'Password sign-in' }));
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("User 'dewi.l' has been saved.")).toBeInTheDocument();
    const [body] = await bodiesOf(requests, '/api/users/7', 'PUT');
    expect(body).toMatchObject({ nickname: 'Dewii', leaderId: 3, dob: '1992-04-01', isActive: true, gender: 'F' });
    expect(body).toMatchObject({ passwordSignIn: false });
    expect(body).toMatchObject({ version: 2 }); // the version the form opened
    expect(body).not.toHaveProperty('password');
  });

  it('says when someone else changed the user meanwhile, and reloads their version to start again', async () => {
    const stale = 'The user Dewi Lestari was changed by someone else since you opened it. Reload it to see their changes.';
    let current = SARI;
    const { requests } = await start('/system/user-management/7', FULL, (req, url) => {
      if (url.pathname !== '/api/users/7') return undefined;
      if (req.method === 'GET') return json(200, { results: current });
      return req.method === 'PUT' ? versionedSave(req, current, stale) : undefined;
    });
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveValue('Dewi'));
    current = { ...SARI, nickname: 'Dee', version: 3 }; // another administrator saves while this form is open
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '628111111111' } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    const alert = (await screen.findByText(stale)).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('Not saved: someone else changed it')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveValue('Dee'));
    expect(screen.queryByText(stale)).toBeNull();
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("User 'dewi.l' has been saved.")).toBeInTheDocument();
    const bodies = await bodiesOf(requests, '/api/users/7', 'PUT');
    expect(bodies.map((b) => [b.version, b.nickname])).toEqual([
      [2, 'Dewi'],
      [3, 'Dee'],
    ]);
  });

  it('asks before deactivating; cancelled it stays active, confirmed it saves isActive false', async () => {
    const { requests } = await start('/system/user-management/7', FULL, (req, url) =>
      url.pathname === '/api/users/7' && req.method === 'PUT' ? json(200, { results: SARI }) : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit User' });
    await waitFor(() => expect(switchOf()).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(switchOf());
    expect(
      await screen.findByText('Deactivate Dewi Lestari? They are signed out at once and cannot sign in; their leads stay.'),
    ).toBeInTheDocument();
    fireEvent.click(confirmButton('Cancel'));
    expect(switchOf()).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(switchOf());
    fireEvent.click(await waitFor(() => lastConfirmButton('Deactivate')));
    await waitFor(() => expect(switchOf()).toHaveAttribute('aria-checked', 'false'));
    fireEvent.click(buttonByText('Save'));
    await screen.findByText("User 'dewi.l' has been saved.");
    expect((await bodiesOf(requests, '/api/users/7', 'PUT'))[0]).toMatchObject({ isActive: false });
  });

  it("shows the server's refusal of a deactivation", async () => {
    await start('/system/user-management/7', FULL, (req, url) =>
      url.pathname === '/api/users/7' && req.method === 'PUT'
        ? json(409, {
            messages: ['2 people report to Dewi Lestari: move them to another leader before deactivating Dewi Lestari.'],
            type: 'Conflict',
          })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit User' });
    await waitFor(() => expect(switchOf()).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(switchOf());
    fireEvent.click(await waitFor(() => confirmButton('Deactivate')));
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    await waitFor(() =>
      expect(document.querySelector('.form-alert')).toHaveTextContent(
        '2 people report to Dewi Lestari: move them to another leader',
      ),
    );
    expect(document.querySelector('.form-alert')).toHaveTextContent("Failed to update 'dewi.l'.");
  });

  it('sends the password mail, lifts the sign-in limits and opens Set password', async () => {
    const { requests, router } = await start('/system/user-management/7', FULL, (_req, url) => {
      if (url.pathname === '/api/users/7/password-mail') return json(200, { results: SARI });
      if (url.pathname === '/api/auth/users/7/unlock') return json(200, { results: { codeRequired: true } });
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Edit User' });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('dewi.l'));

    fireEvent.click(buttonByText('Send password mail'));
    expect(await screen.findByText('A password mail has been sent to user7@example.co.id.')).toBeInTheDocument();
    const mail = requests.find((r) => new URL(r.url).pathname === '/api/users/7/password-mail')!;
    expect(new URL(mail.url).searchParams.get('redirect_base_url')).toBe(window.location.origin);

    fireEvent.click(buttonByText('Lift sign-in limits'));
    expect(
      await screen.findAllByText(
        'Dewi Lestari needed a mailed code on new devices after many failed sign-ins; that and any sign-in delays are lifted.',
      ),
    ).not.toHaveLength(0);

    fireEvent.click(buttonByText('Set password'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user-management/7/change-password'));
  });

  it("resets a lost second factor after asking, and says so", async () => {
    let enabled = true;
    const { requests } = await start('/system/user-management/7', FULL, (req, url) => {
      if (url.pathname !== '/api/auth/users/7/second-factor') return undefined;
      if (req.method === 'DELETE') enabled = false;
      return json(200, { results: { enabled, enabledAt: null, recoveryCodesLeft: 0, requiredByRole: false } });
    });
    fireEvent.click(await screen.findByRole('button', { name: /Reset second factor/ }));
    expect(await screen.findByText(/Reset Dewi Lestari's two-step sign-in\?/)).toBeInTheDocument();
    fireEvent.click(lastConfirmButton('Reset'));
    expect(await screen.findByText("Dewi Lestari's two-step sign-in has been reset.")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/auth/users/7/second-factor',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Reset second factor/ })).not.toBeInTheDocument());
  });

  it('keeps one from changing their own role or deactivating themself', async () => {
    await start('/system/user-management/7', FULL, undefined, 7);
    expect(await screen.findByDisplayValue('dewi.l')).toBeInTheDocument();
    expect(screen.getByText('Your own role is changed by another administrator.')).toBeInTheDocument();
    expect(screen.getByText('You cannot deactivate your own account.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status' })).toBeDisabled();
    expect(screen.getByLabelText('Role').closest('.ant-select')).toHaveClass('ant-select-disabled');
    expect(screen.getByLabelText('Full Name')).toBeEnabled(); // the rest stays editable
  });

  it('is read only without edit access', async () => {
    await start('/system/user-management/7', { ...FULL, isEdit: false });
    expect(await screen.findByRole('heading', { name: 'User' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('dewi.l'));
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(() => buttonByText('Save')).toThrow();
    expect(() => buttonByText('Lift sign-in lock')).toThrow();
    expect(buttonByText('Back')).toBeEnabled();
  });
});
