import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, confirmButton } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { MenuItem } from '../api/navigation-admin-api';
import { MENU_TREE, PAGES } from '../test-fixtures';
import { MENU_MESSAGES, MenuManagementPage } from './menu-management-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/menu-management', Component: MenuManagementPage },
];

afterEach(() => Modal.destroyAll());

const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const REFUSAL = 'Move or remove its 2 items first.';

async function start(flags: PageFlags = FULL) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/menu-management': flags } });
  let tree: MenuItem[] = MENU_TREE;
  const rename = async (req: Request) => {
    const body = (await req.clone().json()) as { label: string };
    tree = [tree[0], { ...tree[1], submenu: [{ ...tree[1].submenu[0], label: body.label }, tree[1].submenu[1]] }];
    return json(200, { results: tree });
  };
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/menu-management'] }, (req, url) => {
    if (url.pathname === '/api/menu-management' && req.method === 'GET') return json(200, { results: tree });
    if (url.pathname === '/api/page-management') return json(200, { results: { data: PAGES, totalRows: 3 } });
    if (url.pathname === '/api/menu-management/21' && req.method === 'PUT') return rename(req);
    if (url.pathname === '/api/menu-management' && req.method === 'POST') return json(200, { results: tree });
    if (url.pathname === '/api/menu-management/20' && req.method === 'DELETE') {
      return json(409, { messages: [REFUSAL], type: 'Conflict' });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/menu-management')) };
}

const sessionCalls = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/auth/session').length;

function node(label: string): HTMLElement {
  return screen.getByText(label, { selector: '.menu-node__label' }).closest('.ant-tree-treenode') as HTMLElement;
}

describe('MenuManagementPage', () => {
  it('draws the tree with each icon, position and what it opens', async () => {
    await start();
    expect(await screen.findByText('Reports', { selector: '.menu-node__label' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Menu Management' })).toBeInTheDocument();
    expect(node('Approval')).toHaveTextContent('Top bar and sidebar');
    expect(node('Approval')).toHaveTextContent('Approval · /system/approval');
    expect(node('Reports')).toHaveTextContent('Group of 2');
    expect(node('Monthly Billing').querySelectorAll('.ant-tree-indent-unit')).toHaveLength(1);
    expect(document.querySelector('.ant-tree-treenode[draggable="true"]')).not.toBeNull();
  });

  it('edits the selected item and refreshes the own menus', async () => {
    const { requests } = await start();
    await screen.findByText('Monthly Billing', { selector: '.menu-node__label' });
    const before = sessionCalls(requests);
    fireEvent.click(screen.getByText('Monthly Billing', { selector: '.menu-node__label' }));
    const label = await screen.findByLabelText('Label');
    expect(label).toHaveValue('Monthly Billing');
    expect(screen.getByText('Edit Menu Item')).toBeInTheDocument();
    fireEvent.change(label, { target: { value: '' } });
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText(MENU_MESSAGES.label)).toBeInTheDocument();
    fireEvent.change(label, { target: { value: 'Billing' } });
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("'Billing' has been saved.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({
      label: 'Billing',
      position: 'SIDEBAR',
      icon: 'calendar',
      pageCode: 'system/monthly-billing',
      url: null,
      parentId: 20,
    });
    expect(await screen.findByText('Billing', { selector: '.menu-node__label' })).toBeInTheDocument();
    await waitFor(() => expect(sessionCalls(requests)).toBeGreaterThan(before));
  });

  it('adds a group at the top level', async () => {
    const { requests } = await start();
    await screen.findByText('Reports', { selector: '.menu-node__label' });
    fireEvent.click(buttonByText('Add Menu Item'));
    fireEvent.change(await screen.findByLabelText('Label'), { target: { value: 'Finance' } });
    fireEvent.click(screen.getByLabelText('Nothing (a group)'));
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("'Finance' has been saved.")).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({
      label: 'Finance',
      position: 'SIDEBAR',
      icon: null,
      pageCode: null,
      url: null,
      parentId: null,
    });
  });

  it("asks before removing and shows the server's refusal", async () => {
    await start();
    await screen.findByText('Reports', { selector: '.menu-node__label' });
    fireEvent.click(screen.getByText('Reports', { selector: '.menu-node__label' }));
    fireEvent.click(await waitFor(() => buttonByText('Remove')));
    expect(await screen.findByText("Do you want to remove 'Reports' ? Nobody will see it in their menus.")).toBeInTheDocument();
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(screen.getByText('Reports', { selector: '.menu-node__label' })).toBeInTheDocument();
  });

  it('is read only without edit access', async () => {
    await start(READ_ONLY);
    await screen.findByText('Reports', { selector: '.menu-node__label' });
    expect(document.querySelector('.ant-tree-treenode[draggable="true"]')).toBeNull();
    expect(() => buttonByText('Add Menu Item')).toThrow();
    fireEvent.click(screen.getByText('Approval', { selector: '.menu-node__label' }));
    const panel = (await screen.findByText('Menu Item', { selector: '.ant-card-head-title' })).closest('.ant-card')!;
    expect(within(panel as HTMLElement).getByLabelText('Label')).toBeDisabled();
    expect(() => buttonByText('Save')).toThrow();
    expect(() => buttonByText('Remove')).toThrow();
  });
});
