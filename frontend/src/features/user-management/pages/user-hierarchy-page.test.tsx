import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { HierarchyNode } from '../api/user-management-api';
import { UserHierarchyPage } from './user-hierarchy-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/user-hierarchy', Component: UserHierarchyPage },
];

const person = (id: number, fullname: string, username: string, roleDescription: string, leaderId: number | null) =>
  ({
    id,
    fullname,
    username,
    nickname: null,
    roleName: roleDescription.toUpperCase(),
    roleDescription,
    leaderId,
    profilePicture: null,
  }) satisfies HierarchyNode;

const TREE = [
  person(2, 'Ratna Wijaya', 'topmanager', 'Top Management', null),
  person(3, 'Budi Santoso', 'tl1', 'Team Leader', 2),
  person(4, 'Sari Lestari', 'tl2', 'Team Leader', 2),
  person(5, 'Andi Pratama', 'sales1', 'Sales Executive', 3),
];
const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };

async function start(flags: PageFlags = FULL, refusal?: string) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/user-hierarchy': flags } });
  let tree: HierarchyNode[] = TREE; // the server's tree: a move changes it
  const move = async (req: Request) => {
    if (refusal) return json(422, { messages: [refusal], type: 'ValidationFailed' });
    const { leaderId } = (await req.clone().json()) as { leaderId: number | null };
    tree = tree.map((p) => (p.id === 5 ? { ...p, leaderId } : p));
    return json(200, { results: tree });
  };
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/user-hierarchy'] }, (req, url) => {
    if (url.pathname === '/api/users/hierarchy') return json(200, { results: tree });
    if (url.pathname === '/api/users/5/leader' && req.method === 'PUT') return move(req);
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/user-hierarchy')) };
}

/** How deep a person sits in the drawn tree (0: the top). */
function depth(name: string): number {
  const node = screen.getByText(name).closest('.ant-tree-treenode')!;
  return node.querySelectorAll('.ant-tree-indent-unit').length;
}

/** Picks an option in this Select's own dropdown (both lists name everyone, and a closed one stays in the page). */
async function choose(input: HTMLElement, option: string) {
  fireEvent.mouseDown(input);
  const item = await waitFor(() => {
    const dropdown = document.getElementById(input.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const found = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(item);
}

/** The open confirmation of a move. */
const confirmation = () => waitFor(() => {
  const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error('no confirmation');
  return dialog;
});

async function moveAndi(leader: string) {
  await choose(screen.getByLabelText('Person'), 'Andi Pratama (sales1)');
  await choose(screen.getByLabelText('New leader'), leader);
  fireEvent.click(buttonByText('Move'));
  fireEvent.click(buttonByText('Move', await confirmation()));
}

describe('UserHierarchyPage', () => {
  it('draws each person under their leader', async () => {
    await start();
    expect(await screen.findByText('Ratna Wijaya')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Hierarchy' })).toBeInTheDocument();
    expect([depth('Ratna Wijaya'), depth('Budi Santoso'), depth('Sari Lestari'), depth('Andi Pratama')]).toEqual([
      0, 1, 1, 2,
    ]);
    expect(screen.getAllByText('Team Leader')).toHaveLength(2);
    expect(screen.getByText('sales1')).toBeInTheDocument();
  });

  it('moves a person with the form and says so', async () => {
    const { requests } = await start();
    await screen.findByText('Move a person');
    await moveAndi('Sari Lestari (tl2)');
    expect(await screen.findByText('Andi Pratama now reports to Sari Lestari.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/users/5/leader');
    expect(await put.json()).toEqual({ leaderId: 4 });
    await waitFor(() => expect(depth('Andi Pratama')).toBe(2));
  });

  it('asks before a move, saying what moves with the person, and moves nothing when cancelled', async () => {
    const { requests } = await start();
    await screen.findByText('Move a person');
    await choose(screen.getByLabelText('Person'), 'Budi Santoso (tl1)');
    await choose(screen.getByLabelText('New leader'), 'Sari Lestari (tl2)');
    fireEvent.click(buttonByText('Move'));
    const dialog = await confirmation();
    expect(dialog).toHaveTextContent('Move Budi Santoso under Sari Lestari?');
    const lines = [...dialog.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'Their team moves with them: Andi Pratama (1 person) still reports to Budi Santoso.',
      // Ratna Wijaya, Sari Lestari's own leader, still sees them
      'Their leads and their team’s stay with their owners. Sari Lestari, and everyone Sari Lestari reports to, see them from now on.',
      'What goes to Budi Santoso’s team leader (an overdue approval layer of their own requests, a team leader’s notifications) goes to Sari Lestari instead of Ratna Wijaya.',
    ]);
    await act(async () => {
      fireEvent.click(buttonByText('Cancel', dialog));
    });
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(depth('Budi Santoso')).toBe(1);
  });

  it('puts a person at the top of the tree', async () => {
    const { requests } = await start();
    await screen.findByText('Move a person');
    await moveAndi('No leader (top of the tree)');
    expect(await screen.findByText('Andi Pratama is now at the top of the tree.')).toBeInTheDocument();
    expect(await requests.find((r) => r.method === 'PUT')!.json()).toEqual({ leaderId: null });
    await waitFor(() => expect(depth('Andi Pratama')).toBe(0));
  });

  it("shows the server's refusal of a cycle", async () => {
    const refusal = 'Andi Pratama cannot report to Budi Santoso: Budi Santoso reports to Andi Pratama.';
    await start(FULL, refusal);
    await screen.findByText('Move a person');
    await moveAndi('Budi Santoso (tl1)');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(depth('Andi Pratama')).toBe(2); // unchanged
  });

  it('is read only without edit access', async () => {
    await start(READ_ONLY);
    expect(await screen.findByText('Andi Pratama')).toBeInTheDocument();
    expect(screen.queryByText('Move a person')).toBeNull();
    expect(document.querySelector('.ant-tree-treenode[draggable="true"]')).toBeNull();
    expect(screen.getByText('Who reports to whom.')).toBeInTheDocument();
  });
});
