import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { coa } from '../test-fixtures';
import { CoaListPage } from './coa-list-page';
import { CoaAddPage, CoaViewPage, CoaEditPage } from './coa-form-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/coa-management', Component: CoaListPage },
  { path: '/system/coa-management/add', Component: CoaAddPage },
  { path: '/system/coa-management/:coaId', Component: CoaViewPage },
  { path: '/system/coa-management/:coaId/view', Component: CoaViewPage },
  { path: '/system/coa-management/:coaId/edit', Component: CoaEditPage },
];

type Handler = (request: Request, url: URL) => Response | undefined;

afterEach(() => Modal.destroyAll());

const EXISTING = coa(5, {
  code: '5-1010',
  name: 'Principal Support & Warranty',
  description: 'Vendor support contracts and extended warranty.',
  keywords: 'warranty, smartnet',
  type: 'COST',
});

async function start(path: string, flags: PageFlags = FULL, handler?: Handler) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/coa-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/coa-management'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/coa-management/type') return json(200, { results: [{ type: 'REVENUE' }, { type: 'COST' }] });
    if (url.pathname === '/api/coa-management/5') return json(200, { results: EXISTING });
    if (url.pathname === '/api/coa-management' && req.method === 'GET') {
      return json(200, { results: { data: [EXISTING], totalRows: 1 } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const bodiesOf = async (requests: Request[], method: string) =>
  Promise.all(
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === '/api/coa-management')
      .map((r) => r.clone().json() as Promise<Record<string, unknown>>),
  );

async function fill(values: { code: string; item: string; description: string; keywords: string; type: string }) {
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: values.code } });
  fireEvent.change(screen.getByLabelText('Item'), { target: { value: values.item } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: values.description } });
  fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: values.keywords } });
  await chooseOption(screen.getByLabelText('Type'), values.type);
}

const NEW = { code: '4-9001', item: 'Network Audit', description: 'LAN and WAN audit.', keywords: 'audit, network', type: 'Revenue' };

describe('CoaFormPage', () => {
  it('adds: the spec title and breadcrumb, the §5 messages, Finish only once valid, then the success toast', async () => {
    const { requests, router } = await start('/system/coa-management/add', FULL, (req, url) =>
      url.pathname === '/api/coa-management' && req.method === 'POST'
        ? json(200, { results: coa(9, { code: '4-9001', name: 'Network Audit' }) })
        : undefined,
    );
    expect(await screen.findByText('Add COA Setting')).toBeInTheDocument();
    const crumbs = document.querySelector('.page-breadcrumb')!;
    expect(crumbs).toHaveTextContent(/System\s*\/\s*COA Management\s*\/\s*Add/);
    expect(buttonByText('Finish')).toBeDisabled();

    for (const label of ['Code', 'Item', 'Description', 'Keywords']) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'x' } });
      fireEvent.change(screen.getByLabelText(label), { target: { value: '  ' } });
    }
    for (const message of ['Please enter code', 'Please enter item', 'Please enter description', 'Please enter keywords']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    fireEvent.blur(screen.getByLabelText('Type'));
    expect(await screen.findByText('Please choose type')).toBeInTheDocument();
    expect(buttonByText('Finish')).toBeDisabled();

    await fill(NEW);
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    fireEvent.click(buttonByText('Finish'));
    expect(await screen.findByText("'Network Audit' has been added successfully.")).toBeInTheDocument();
    expect(await bodiesOf(requests, 'POST')).toEqual([
      { code: '4-9001', item: 'Network Audit', description: 'LAN and WAN audit.', keywords: 'audit, network', type: 'REVENUE' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/coa-management'));
  });

  it("shows a refused add as \"Failed to add '{item}'.\" in a toast and a banner, and stays", async () => {
    const { router } = await start('/system/coa-management/add', FULL, (req, url) =>
      url.pathname === '/api/coa-management' && req.method === 'POST'
        ? json(409, { messages: ["COA code '4-9001' already exists."], type: 'Conflict' })
        : undefined,
    );
    await screen.findByText('Add COA Setting');
    await fill(NEW);
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    fireEvent.click(buttonByText('Finish'));
    await waitFor(() => expect(screen.getAllByText("Failed to add 'Network Audit'.")).toHaveLength(2));
    expect(screen.getAllByText("COA code '4-9001' already exists.")).toHaveLength(2);
    expect(document.querySelector('.form-alert')).toHaveTextContent("COA code '4-9001' already exists.");
    expect(router.state.location.pathname).toBe('/system/coa-management/add');
  });

  it('edits: loads the entry, sends the id, toasts the update', async () => {
    const { requests } = await start('/system/coa-management/5/edit', FULL, (req, url) =>
      url.pathname === '/api/coa-management' && req.method === 'PUT'
        ? json(200, { results: { ...EXISTING, name: 'Principal Warranty', item: 'Principal Warranty' } })
        : undefined,
    );
    expect(await screen.findByText('Edit COA Setting')).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/COA Management\s*\/\s*Edit/);
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveValue('5-1010'));
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'Principal Warranty' } });
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    fireEvent.click(buttonByText('Finish'));
    expect(await screen.findByText("'Principal Warranty' has been updated successfully.")).toBeInTheDocument();
    expect(await bodiesOf(requests, 'PUT')).toEqual([
      {
        id: 5,
        code: '5-1010',
        item: 'Principal Warranty',
        description: 'Vendor support contracts and extended warranty.',
        keywords: 'warranty, smartnet',
        type: 'COST',
      },
    ]);
  });

  it("shows a refused update as \"Failed to update '{item}' data.\"", async () => {
    await start('/system/coa-management/5/edit', FULL, (req, url) =>
      url.pathname === '/api/coa-management' && req.method === 'PUT'
        ? json(409, { messages: ["COA code '5-1001' already exists."], type: 'Conflict' })
        : undefined,
    );
    await screen.findByText('Edit COA Setting');
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveValue('5-1010'));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '5-1001' } });
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    fireEvent.click(buttonByText('Finish'));
    await waitFor(() =>
      expect(screen.getAllByText("Failed to update 'Principal Support & Warranty' data.")).toHaveLength(2),
    );
    expect(document.querySelector('.form-alert')).toHaveTextContent("COA code '5-1001' already exists.");
  });

  it('views: "COA Detail" with the entry read-only, Edit COA with edit access', async () => {
    const { router } = await start('/system/coa-management/5/view');
    expect(await screen.findByText('COA Detail')).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/COA Management\s*\/\s*View/);
    expect(await screen.findByText('Principal Support & Warranty')).toBeInTheDocument();
    expect(screen.getByText('5-1010')).toBeInTheDocument();
    expect(screen.getByText('Cost')).toBeInTheDocument();
    expect(screen.getByText('smartnet')).toBeInTheDocument(); // each keyword a tag
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(() => buttonByText('Finish')).toThrow();
    fireEvent.click(buttonByText('Edit COA'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/coa-management/5/edit'));
    expect(await screen.findByText('Edit COA Setting')).toBeInTheDocument();
  });

  it('views without edit access: no Edit COA button', async () => {
    await start('/system/coa-management/5', { ...FULL, isEdit: false });
    expect(await screen.findByText('COA Detail')).toBeInTheDocument();
    expect(() => buttonByText('Edit COA')).toThrow();
  });

  it('shows "Error loading data" for an entry that is gone', async () => {
    await start('/system/coa-management/77/edit', FULL, (_req, url) =>
      url.pathname === '/api/coa-management/77' ? json(404, { messages: ['COA not found.'], type: 'NotFound' }) : undefined,
    );
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(screen.getByText('COA not found.')).toBeInTheDocument();
  });
});
