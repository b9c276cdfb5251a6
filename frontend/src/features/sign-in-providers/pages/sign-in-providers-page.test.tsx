import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { SignInProvidersPage } from './sign-in-providers-page';

afterEach(() => Modal.destroyAll());

const provider = {
  key: 'entra',
  label: 'Microsoft',
  issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
  rolesClaim: 'groups',
  provisioning: 'inactive',
};
const roles = [
  { id: 3, name: 'TL', description: 'Team Leader' },
  { id: 4, name: 'SALES', description: 'Sales Executive' },
];
const mapping = {
  id: 1,
  provider: 'entra',
  claimValue: 'crm-sales',
  roleId: 4,
  roleName: 'SALES',
  roleDescription: 'Sales Executive',
  priority: 50,
};

async function start(flags = FULL) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/sign-in-providers': flags },
    routes: [...makeSession().routes, '/system/sign-in-providers'],
  });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname !== '/api/auth/oidc/role-mappings') return undefined;
    if (req.method === 'GET') return json(200, { results: { providers: [provider], mappings: [mapping], roles } });
    return json(409, { type: 'Conflict', messages: ["The value 'crm-sales' is mapped already for this provider."] });
  });
  await renderRoutes([{ path: '/system/sign-in-providers', Component: SignInProvidersPage }], '/system/sign-in-providers');
  return requests;
}

describe('SignInProvidersPage', () => {
  it('shows each provider without secrets and the role each group gives', async () => {
    await start();
    expect(await screen.findByText('crm-sales')).toBeInTheDocument();
    expect(screen.getByText('https://login.microsoftonline.com/tenant-id/v2.0')).toBeInTheDocument();
    expect(screen.getByText('Get an inactive account to activate')).toBeInTheDocument();
    const row = screen.getByText('crm-sales').closest('tr') as HTMLElement;
    expect(within(row).getByText('Sales Executive')).toBeInTheDocument();
    expect(within(row).getByText('50')).toBeInTheDocument();
  });

  it("adds a mapping: asks for what is missing, sends it, and shows the server's refusal", async () => {
    const requests = await start();
    await screen.findByText('crm-sales');
    fireEvent.click(buttonByText('Add Mapping'));
    fireEvent.click(await screen.findByText('Add', { selector: 'button span' }));
    expect(await screen.findByText('Please enter the group or role value.')).toBeInTheDocument();
    expect(screen.getByText('Please choose the role.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Group or role at the provider'), { target: { value: ' crm-sales ' } });
    fireEvent.mouseDown(screen.getByLabelText('Role in the CRM'));
    fireEvent.click(await screen.findByTitle('Sales Executive'));
    fireEvent.click(screen.getByText('Add', { selector: 'button span' }));
    expect(await screen.findByText("The value 'crm-sales' is mapped already for this provider.")).toBeInTheDocument();
    const posted = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/auth/oidc/role-mappings'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(await posted[0].json()).toEqual({ provider: 'entra', claimValue: 'crm-sales', roleId: 4, priority: 100 });
  });

  it('is read only without write, edit and delete access', async () => {
    await start({ isRead: true, isWrite: false, isEdit: false, isDelete: false });
    await screen.findByText('crm-sales');
    expect(screen.queryByText('Add Mapping')).toBeNull();
    expect(screen.queryByLabelText('Edit crm-sales')).toBeNull();
  });
});
