import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, type ApiHandler } from '@/test/render';
import type { PageFlagsIn, RolePageAccess } from '../api/access-admin-api';
import { ADMIN, later, renderMenuAccess, roleRow, rolePageAccess } from '../test-fixtures';

afterEach(() => Modal.destroyAll());

const PATH = '/system/menu-page-access';
const ROUTES = [PATH, `${PATH}/add`];
const KEY = roleRow(9, { roleName: 'KEY_ACCOUNT', roleDescription: 'Key Account', pages: 1 });
const KEY_ACCESS = rolePageAccess(KEY, { leads: { isRead: true } });
const OWN_ACCESS = "You cannot remove your own role's read and edit access to Menu Page Access.";

function start(path: string, flags: PageFlags = FULL, handler?: ApiHandler, role: RolePageAccess = KEY_ACCESS) {
  return renderMenuAccess(path, flags, ROUTES, handler, (req, url) =>
    url.pathname === `/api/menu-access/${role.role.id}` && req.method === 'GET' ? json(200, { results: role }) : undefined,
  );
}

/** The checkbox of this name one sees (not its copy in the table's hidden row that measures the sticky header). */
const check = (label: string) =>
  screen.getAllByLabelText(label).find((el) => !el.closest('[aria-hidden="true"]')) as HTMLInputElement;
const posted = async (requests: Request[], path: string) => {
  const found = requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);
  return found.length > 0 ? ((await found.at(-1)!.clone().json()) as Record<string, unknown>) : undefined;
};

describe('RoleAddPage', () => {
  it('adds a role, its name in capitals, and opens it', async () => {
    const { requests, router } = await start(`${PATH}/add`, FULL, (req, url) =>
      url.pathname === '/api/menu-access' && req.method === 'POST' ? json(200, { results: KEY_ACCESS }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Add Role' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Role name'), { target: { value: 'key_account' } });
    expect(check('Role name').value).toBe('KEY_ACCOUNT');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Key Account' } });
    await chooseOption(screen.getByLabelText('Dashboard'), 'Team Leader');
    fireEvent.click(screen.getByLabelText('Hierarchy whitelist'));
    expect(screen.getByText("On: people with this role see every lead, not just their team's.")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Require a second factor'));
    fireEvent.click(buttonByText('Add Role'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/menu-page-access/9'));
    expect(await posted(requests, '/api/menu-access')).toEqual({
      roleName: 'KEY_ACCOUNT',
      roleDescription: 'Key Account',
      dashboardComponent: 'TL',
      hierarchyWhitelist: true,
      requireSecondFactor: true,
    });
    expect(await screen.findByText("Role 'Key Account' has been added.")).toBeInTheDocument();
  });

  it("shows the server's messages on the form", async () => {
    const rule = 'Role name must be 2-50 capital letters, digits or underscores, starting with a letter (e.g. KEY_ACCOUNT).';
    await start(`${PATH}/add`, FULL, (req, url) =>
      url.pathname === '/api/menu-access' && req.method === 'POST'
        ? json(422, { messages: [rule, "Role 'X' already exists."], type: 'ValidationFailed' })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Add Role' });
    fireEvent.change(screen.getByLabelText('Role name'), { target: { value: '1bad' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Bad' } });
    fireEvent.click(buttonByText('Add Role'));
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(screen.getByText("Role 'X' already exists.")).toBeInTheDocument();
    expect(screen.getByText("Failed to add 'Bad'.")).toBeInTheDocument();
  });

  it('is not offered without write access', async () => {
    await start(`${PATH}/add`, { ...FULL, isWrite: false });
    expect(await screen.findByText('You do not have access to add roles.')).toBeInTheDocument();
  });
});

describe('RolePage', () => {
  it("shows the role's details, its name fixed, and its matrix", async () => {
    await start(`${PATH}/9`);
    expect(await screen.findByRole('heading', { name: 'Key Account' })).toBeInTheDocument();
    expect(check('Role name').value).toBe('KEY_ACCOUNT');
    expect(check('Role name').disabled).toBe(true);
    expect(screen.getByText(/A role's name cannot change/)).toBeInTheDocument();
    expect(check('Read on Leads').checked).toBe(true);
    expect(check('Write on Leads').checked).toBe(false);
    expect(screen.getByText('1 of 4 pages readable')).toBeInTheDocument();
    expect(screen.getByText('No changes')).toBeInTheDocument();
  });

  it('ticks read with write, edit or delete, and clears the rest with read', async () => {
    await start(`${PATH}/9`);
    await screen.findByRole('heading', { name: 'Key Account' });
    fireEvent.click(check('Edit on Contact Management'));
    expect(check('Read on Contact Management').checked).toBe(true);
    expect(check('Edit on Contact Management').checked).toBe(true);
    expect(screen.getByText('2 changes not saved')).toBeInTheDocument();
    fireEvent.click(check('Delete on Contact Management'));
    fireEvent.click(check('Read on Contact Management'));
    for (const action of ['Read', 'Write', 'Edit', 'Delete']) {
      expect(check(`${action} on Contact Management`).checked).toBe(false);
    }
    expect(screen.getByText('No changes')).toBeInTheDocument();

    fireEvent.click(check('All on Client Management'));
    for (const action of ['Read', 'Write', 'Edit', 'Delete']) {
      expect(check(`${action} on Client Management`).checked).toBe(true);
    }
    fireEvent.click(buttonByText('Reset'));
    expect(check('Read on Client Management').checked).toBe(false);
  });

  it('sets a column on the pages shown, the header showing some or all', async () => {
    await start(`${PATH}/9`);
    await screen.findByRole('heading', { name: 'Key Account' });
    const readAll = check('Read on every page shown');
    expect(readAll.closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    // the headers stay in view, under the top bar, down the long list of pages
    expect(readAll.closest('.ant-table-sticky-holder')).toHaveStyle({ top: '64px' });
    fireEvent.change(screen.getByPlaceholderText('Filter pages by name or address'), { target: { value: 'management' } });
    await waitFor(() => expect(screen.queryByLabelText('Read on Leads')).toBeNull());
    fireEvent.click(check('Write on every page shown'));
    expect(screen.queryByLabelText('Read on Menu Page Access')).toBeNull();
    for (const page of ['Client Management', 'Contact Management']) {
      expect(check(`Write on ${page}`).checked).toBe(true);
      expect(check(`Read on ${page}`).checked).toBe(true);
    }
    expect(check('Write on every page shown').checked).toBe(true);
    expect(screen.getByText('4 changes not saved')).toBeInTheDocument();
  });

  it('saves the whole matrix, then says so and reads the session again', async () => {
    let saved: PageFlagsIn[] = [];
    const { requests } = await start(`${PATH}/9`, FULL, later(async (req, url) => {
      if (url.pathname === '/api/page-access' && req.method === 'POST') {
        const body = (await req.clone().json()) as { pages: PageFlagsIn[] };
        saved = body.pages;
        return json(200, {
          results: rolePageAccess({ ...KEY, pages: 2 }, { leads: { isRead: true }, 'system/contact-management': { isRead: true } }),
        });
      }
      return undefined;
    }));
    await screen.findByRole('heading', { name: 'Key Account' });
    const sessions = () => requests.filter((r) => new URL(r.url).pathname === '/api/auth/session').length;
    const before = sessions();
    fireEvent.click(check('Read on Contact Management'));
    fireEvent.click(buttonByText('Save access'));
    expect(await screen.findByText("The access of 'Key Account' has been saved.")).toBeInTheDocument();
    const body = await posted(requests, '/api/page-access');
    expect(body?.roleId).toBe(9);
    expect(saved).toEqual([
      { code: 'leads', isRead: true, isWrite: false, isEdit: false, isDelete: false },
      { code: 'system/client-management', isRead: false, isWrite: false, isEdit: false, isDelete: false },
      { code: 'system/contact-management', isRead: true, isWrite: false, isEdit: false, isDelete: false },
      { code: 'system/menu-page-access', isRead: false, isWrite: false, isEdit: false, isDelete: false },
    ]);
    await waitFor(() => expect(sessions()).toBeGreaterThan(before));
    expect(screen.getByText('No changes')).toBeInTheDocument();
  });

  it("shows the server's refusal of one's own access and keeps the changes", async () => {
    await start(`${PATH}/9`, FULL, (req, url) =>
      url.pathname === '/api/page-access' && req.method === 'POST'
        ? json(422, { messages: [OWN_ACCESS], type: 'ValidationFailed' })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Key Account' });
    fireEvent.click(check('Read on Leads'));
    fireEvent.click(buttonByText('Save access'));
    expect((await screen.findAllByText(OWN_ACCESS)).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Failed to save the access of 'Key Account'.").length).toBeGreaterThan(0);
    expect(screen.getByText('1 change not saved')).toBeInTheDocument();
  });

  it('is read only without edit access', async () => {
    await start(`${PATH}/9`, { isRead: true, isWrite: false, isEdit: false, isDelete: false });
    await screen.findByRole('heading', { name: 'Key Account' });
    expect(screen.getByText("You can view this role's access but not change it.")).toBeInTheDocument();
    expect(check('Read on Leads').disabled).toBe(true);
    expect(check('Read on every page shown').disabled).toBe(true);
    expect(check('Description').disabled).toBe(true);
    expect(() => buttonByText('Save access')).toThrow();
    expect(() => buttonByText('Save details')).toThrow();
  });

  it('lets edit access without write change the details (the server asks edit to change a role)', async () => {
    await start(`${PATH}/9`, { isRead: true, isWrite: false, isEdit: true, isDelete: false });
    await screen.findByRole('heading', { name: 'Key Account' });
    expect(check('Description').disabled).toBe(false);
    expect(buttonByText('Save details')).toBeInTheDocument();
  });

  it('shows a wildcard role all ticked and disabled, with why', async () => {
    const every = rolePageAccess(ADMIN, {
      leads: { isRead: true, isWrite: true, isEdit: true, isDelete: true },
      'system/client-management': { isRead: true, isWrite: true, isEdit: true, isDelete: true },
      'system/contact-management': { isRead: true, isWrite: true, isEdit: true, isDelete: true },
      'system/menu-page-access': { isRead: true, isWrite: true, isEdit: true, isDelete: true },
    });
    await start(`${PATH}/1`, FULL, undefined, every);
    await screen.findByRole('heading', { name: 'Administrator' });
    expect(
      screen.getByText('This role has every access (a wildcard line): it is not set page by page.'),
    ).toBeInTheDocument();
    for (const action of ['Read', 'Write', 'Edit', 'Delete']) {
      expect(check(`${action} on Leads`).checked).toBe(true);
      expect(check(`${action} on Leads`).disabled).toBe(true);
    }
    expect(() => buttonByText('Save access')).toThrow();
  });

  it('saves the details with the role id', async () => {
    const { requests } = await start(`${PATH}/9`, FULL, (req, url) =>
      url.pathname === '/api/menu-access' && req.method === 'POST'
        ? json(200, { results: rolePageAccess({ ...KEY, roleDescription: 'Key Accounts' }, { leads: { isRead: true } }) })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Key Account' });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Key Accounts' } });
    fireEvent.click(buttonByText('Save details'));
    expect(await screen.findByText("Role 'Key Accounts' has been saved.")).toBeInTheDocument();
    expect(await posted(requests, '/api/menu-access')).toMatchObject({ id: 9, roleName: 'KEY_ACCOUNT', roleDescription: 'Key Accounts' });
    expect(within(document.body).getByRole('heading', { name: 'Key Accounts' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await start(`${PATH}/9`);
    await screen.findByRole('heading', { name: 'Key Account' });
    fireEvent.click(check('Read on Contact Management'));
    void router.navigate(PATH);
    const leave = await waitFor(() => {
      const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!dialog) throw new Error('no dialog');
      return dialog;
    });
    expect(leave).toHaveTextContent('Leave without saving?');
    expect(router.state.location.pathname).toBe('/system/menu-page-access/9');
  });
});
