import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { ImportPage } from './import-page';

const FULL = { isRead: true, isWrite: true, isEdit: true, isDelete: true };
const pages = [{ path: '/system/import', Component: ImportPage }];
const phase = (done: number, total: number, counts: Record<string, number> = {}) => ({
  done,
  total,
  percent: total ? (100 * done) / total : 100,
  counts: { CREATED: 0, UPDATED: 0, UNCHANGED: 0, REFUSED: 0, ...counts },
});
const JOB = {
  id: 7,
  kind: 'clients',
  status: 'UPLOADED',
  filename: 'clients.xlsx',
  headers: ['Code', 'Name'],
  totalRows: 3,
  fields: [
    { name: 'clientCode', label: 'Client Code', required: true },
    { name: 'clientName', label: 'Client Name', required: true },
    { name: 'npwp', label: 'NPWP', required: false },
  ],
  matchRules: { clientCode: 'Client code', clientName: 'Client name' },
  mapping: { clientCode: 'Code', clientName: 'Name' },
  matchOn: 'clientCode',
  dryRun: phase(0, 0),
  run: phase(0, 0),
  createdAt: '2026-11-29T10:00:00Z',
  finishedAt: null,
  undoneAt: null,
};
const REFUSED = { rowNumber: 3, status: 'REFUSED', message: 'Please enter legal name.', recordId: null, values: { Code: 'QI2', Name: 'Quince' } };

function serve(checked: typeof JOB, whitelisted = false) {
  const bodies: unknown[] = [];
  const admin = makeSession({ pageAccess: { 'system/import': FULL } });
  const session = whitelisted ? { ...admin, user: { ...admin.user, hierarchyWhitelist: true } } : admin;
  const requests = stubApi(session, async (req, url) => {
    if (url.pathname === '/api/imports' && req.method === 'POST') return json(200, { results: JOB });
    if (url.pathname === '/api/imports' && req.method === 'GET') return json(200, { results: [] });
    if (url.pathname === '/api/imports/mappings') return json(200, { results: [] });
    if (url.pathname === '/api/imports/7/dry-run') {
      bodies.push(await req.json());
      return json(200, { results: checked });
    }
    if (url.pathname === '/api/imports/7') return json(200, { results: checked });
    if (url.pathname === '/api/imports/7/rows') return json(200, { results: { data: [REFUSED], totalRows: 1 } });
    return undefined;
  });
  return { requests, bodies };
}

describe('ImportPage', () => {
  it('uploads, maps the suggested columns, checks every row and shows the refused ones with their message', async () => {
    setToken('a');
    const { bodies } = serve({ ...JOB, status: 'CHECKED', dryRun: phase(3, 3, { CREATED: 2, REFUSED: 1 }) }, true);
    const { router } = await renderRoutes(pages, '/system/import');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'clients.xlsx')] } });
    const check = await screen.findByRole('button', { name: 'Check rows (dry run)' });
    expect(router.state.location.search).toBe('?job=7&kind=clients'); // a reload finds the import
    fireEvent.click(check);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ mapping: { clientCode: 'Code', clientName: 'Name' }, matchOn: 'clientCode', saveAs: null });
    expect(await screen.findByText('Please enter legal name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
    expect(within(screen.getByRole('radiogroup', { name: 'Show rows' })).getByText('Refused (1)')).toBeInTheDocument();
  });

  it('offers nothing to import when every row is refused or unchanged', async () => {
    setToken('a');
    serve({ ...JOB, status: 'CHECKED', dryRun: phase(3, 3, { UNCHANGED: 2, REFUSED: 1 }) });
    await renderRoutes(pages, '/system/import?job=7');
    expect(await screen.findByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
    expect(screen.getByText('Nothing to write: every row is refused or unchanged.')).toBeInTheDocument();
  });

  it("shows a running import's progress from the server", async () => {
    setToken('a');
    serve({ ...JOB, status: 'RUNNING', dryRun: phase(3, 3, { CREATED: 3 }), run: phase(1, 3) });
    await renderRoutes(pages, '/system/import?job=7');
    const progress = await screen.findByRole('status', { name: 'Importing' });
    expect(progress).toHaveTextContent('1 of 3 rows');
  });

  it('offers a team leader leads only, and who sees every lead every kind', async () => {
    setToken('a');
    serve({ ...JOB });
    await renderRoutes(pages, '/system/import');
    expect(await screen.findByRole('combobox', { name: 'What the file holds' })).toBeInTheDocument();
    expect(screen.getByText('Leads')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'What the file holds' }));
    expect(screen.queryByText('Clients')).toBeNull();
  });

  it('says so to someone who may not import', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderRoutes(pages, '/system/import');
    expect(await screen.findByText('You may not import data.')).toBeInTheDocument();
  });
});
