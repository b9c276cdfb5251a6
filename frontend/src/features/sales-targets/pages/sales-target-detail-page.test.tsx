import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import type { TargetDetail } from '../api/targets-api';
import { ANDI_DETAIL, DEWI, YEAR } from '../test-fixtures';
import { SalesTargetListPage } from './sales-target-list-page';
import { SalesTargetDetailPage } from './sales-target-detail-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/sales-target', Component: SalesTargetListPage },
  { path: '/system/sales-target/:id', Component: SalesTargetDetailPage },
];

const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };

afterEach(() => Modal.destroyAll());

async function start(path: string, flags: PageFlags = FULL, handler?: ApiHandler) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/sales-target': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/sales-target'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    const year = Number(url.searchParams.get('year'));
    if (url.pathname === '/api/sales-targets/sales-people/11') {
      return json(200, { results: year === YEAR ? ANDI_DETAIL : { ...ANDI_DETAIL, id: null, amount: 0, year, history: [] } });
    }
    if (url.pathname === '/api/sales-targets/sales-people/12') return json(200, { results: { ...DEWI, history: [] } });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const detailQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname.startsWith('/api/sales-targets/sales-people/'))
    .map((u) => `${u.pathname} ${u.search}`);

describe('Sales Target detail', () => {
  it("shows the person, the year's target and its changes as a timeline, newest first", async () => {
    const { requests } = await start(`/system/sales-target/11?year=${YEAR}`);
    expect(await screen.findByRole('heading', { name: 'Andi Pratama' })).toBeInTheDocument();
    expect(detailQueries(requests)[0]).toBe(`/api/sales-targets/sales-people/11 ?year=${YEAR}`);
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/System\s*\/\s*Sales Target\s*\/\s*Andi Pratama/);
    expect(screen.getByText('Team of Budi Santoso')).toBeInTheDocument();
    expect(screen.getByTestId('target-amount')).toHaveTextContent('Rp 2.000.000.000');
    expect(screen.getByText(`Target ${YEAR}`)).toBeInTheDocument();
    expect(screen.getByText(`Last changed ${formatDateTime(ANDI_DETAIL.updatedAt)} by Ratna Wijaya`)).toBeInTheDocument();
    expect(buttonByText('Change target')).toBeInTheDocument();

    const entries = screen.getAllByTestId('target-history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Rp 1.500.000.000 → Rp 2.000.000.000');
    expect(entries[0]).toHaveTextContent('+Rp 500.000.000');
    expect(entries[0]).toHaveTextContent(`Ratna Wijaya · ${formatDateTime('2026-03-05T07:30:00Z')}`);
    expect(entries[1]).toHaveTextContent('Set to Rp 1.500.000.000');
    expect(entries[1]).toHaveTextContent('First set');
    expect(formatDateTime('2026-01-10T02:00:00Z')).toMatch(/^10-Jan-2026 \d\d:\d\d$/);
  });

  it('shows a year without a target and lets top management set it', async () => {
    const bodies: unknown[] = [];
    const saved: TargetDetail = {
      ...DEWI,
      id: 105,
      amount: 900_000_000,
      updatedAt: '2026-04-01T01:00:00Z',
      updatedByName: 'Ratna Wijaya',
      history: [{ oldAmount: null, newAmount: 900_000_000, changedBy: 'Ratna Wijaya', changedAt: '2026-04-01T01:00:00Z' }],
    };
    await start(`/system/sales-target/12`, FULL, (req, url) => {
      if (url.pathname !== '/api/sales-targets' || req.method !== 'PUT') return undefined;
      return req
        .clone()
        .json()
        .then((body: unknown) => {
          bodies.push(body);
          return json(200, { results: saved });
        });
    });
    expect(await screen.findByRole('heading', { name: 'Dewi Anggraini' })).toBeInTheDocument();
    expect(screen.getByTestId('target-amount')).toHaveTextContent('Not set');
    expect(screen.getByText(`No target has been set for ${YEAR} yet.`)).toBeInTheDocument();
    expect(screen.getByText('No changes yet.')).toBeInTheDocument();

    fireEvent.click(buttonByText('Set target'));
    const dialog = await waitFor(() => document.querySelector('.ant-modal') as HTMLElement);
    fireEvent.change(within(dialog).getByLabelText(`Target for ${YEAR}`), { target: { value: '900000000' } });
    fireEvent.click(buttonByText('Save', dialog));
    await waitFor(() => expect(screen.getByTestId('target-amount')).toHaveTextContent('Rp 900.000.000'));
    expect(bodies).toEqual([{ salesPersonId: 12, year: YEAR, amount: 900_000_000 }]);
    expect(screen.getAllByTestId('target-history-entry')[0]).toHaveTextContent('Set to Rp 900.000.000');
  });

  it('moves to another year from the picker', async () => {
    const { requests, router } = await start(`/system/sales-target/11?year=${YEAR}`);
    await screen.findByRole('heading', { name: 'Andi Pratama' });
    const picker = screen.getByLabelText('Year');
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>(`td[title="${YEAR - 1}"]`)!));
    await waitFor(() => expect(screen.getByTestId('target-amount')).toHaveTextContent('Not set'));
    expect(router.state.location.search).toBe(`?year=${YEAR - 1}`);
    expect(detailQueries(requests).at(-1)).toBe(`/api/sales-targets/sales-people/11 ?year=${YEAR - 1}`);
  });

  it('is read-only for a team leader', async () => {
    await start(`/system/sales-target/11?year=${YEAR}`, READ_ONLY);
    await screen.findByRole('heading', { name: 'Andi Pratama' });
    expect(screen.getAllByTestId('target-history-entry')).toHaveLength(2);
    expect(() => buttonByText('Change target')).toThrow();
    expect(() => buttonByText('Set target')).toThrow();
  });

  it("shows the server's message for someone who is not a sales person the user sees", async () => {
    await start('/system/sales-target/99', FULL, (_req, url) =>
      url.pathname === '/api/sales-targets/sales-people/99'
        ? json(404, { messages: ['Sales person not found.'], type: 'NotFound' })
        : undefined,
    );
    expect(await screen.findByText('Sales person not found.')).toBeInTheDocument();
    expect(screen.getByText('Error loading data')).toBeInTheDocument();
    expect(buttonByText('Back to Sales Target')).toBeInTheDocument();
  });
});
