import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { ANDI, ANDI_DETAIL, targetPage, YEAR } from '../test-fixtures';
import { SalesTargetListPage } from './sales-target-list-page';
import { SalesTargetDetailPage } from './sales-target-detail-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/sales-target', Component: SalesTargetListPage },
  { path: '/system/sales-target/:id', Component: SalesTargetDetailPage },
];

const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const PATH = '/system/sales-target';

afterEach(() => Modal.destroyAll());

async function start(flags: PageFlags = FULL, handler?: ApiHandler, path = PATH) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/sales-target': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, PATH] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/sales-targets' && req.method === 'GET') return json(200, { results: targetPage() });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/sales-targets')
    .map((u) => Object.fromEntries(u.searchParams));

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const totals = () => document.querySelector('.target-totals') as HTMLElement;

describe('Sales Target list', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it("lists this year's targets ten a page with the grand total and the team totals", async () => {
    const { requests } = await start();
    expect(await screen.findByText('Andi Pratama')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sales Target' })).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/System\s*\/\s*Sales Target/);
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10', year: String(YEAR) });

    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Sales person', 'Team leader', `Target ${YEAR}`, 'Last change']));
    const andi = rowOf('Andi Pratama');
    expect(within(andi).getByText('Rp 2.000.000.000')).toBeInTheDocument();
    expect(within(andi).getByText('Budi Santoso')).toBeInTheDocument();
    expect(within(andi).getByText(formatDateTime(ANDI.updatedAt))).toBeInTheDocument();
    expect(within(andi).getByText('by Ratna Wijaya')).toBeInTheDocument();
    expect(within(andi).getByRole('link', { name: 'Andi Pratama' })).toHaveAttribute(
      'href',
      `/system/sales-target/11?year=${YEAR}`,
    );
    const dewi = rowOf('Dewi Anggraini');
    expect(within(dewi).getByText('Not set')).toBeInTheDocument();
    expect(within(dewi).getByText('-')).toBeInTheDocument();

    expect(within(totals()).getByText(`Total target ${YEAR}`)).toBeInTheDocument();
    expect(within(totals()).getByTestId('target-total')).toHaveTextContent('Rp 2.750.000.000');
    expect(within(totals()).getByText('3 sales people in 2 teams')).toBeInTheDocument();
    const budi = within(totals()).getByLabelText('Team Budi Santoso');
    expect(budi).toHaveTextContent('Rp 2.000.000.000');
    expect(budi).toHaveTextContent('2 sales people · 72,7% of the total');
    expect(within(totals()).getByLabelText('Team Sari Lestari')).toHaveTextContent('Rp 750.000.000');
  });

  it('searches, sorts and pages on the server, and keeps the year when another is chosen', async () => {
    const { requests, router } = await start();
    await screen.findByText('Andi Pratama');
    const box = screen.getByPlaceholderText('Search name or team leader');
    fireEvent.change(box, { target: { value: ' Sari ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toEqual({ offset: '0', limit: '10', search: 'Sari', year: String(YEAR) }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: new RegExp(`^Target ${YEAR}`) }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ sort: 'amount', desc: 'false', search: 'Sari' }),
    );

    const picker = screen.getByLabelText('Year');
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>(`td[title="${YEAR + 1}"]`)!));
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ year: String(YEAR + 1), offset: '0' }));
    expect(router.state.location.search).toContain(`year=${YEAR + 1}`);
  });

  it('opens the year named in the address', async () => {
    const { requests } = await start(FULL, undefined, `${PATH}?year=2031`);
    await screen.findByText('Andi Pratama');
    expect(listQueries(requests)[0]).toMatchObject({ year: '2031' });
    expect(screen.getByLabelText('Year')).toHaveValue('2031');
  });

  it('lets top management set a target in a dialog and refreshes the list and the totals', async () => {
    const bodies: unknown[] = [];
    const { requests } = await start(FULL, (req, url) => {
      if (url.pathname !== '/api/sales-targets' || req.method !== 'PUT') return undefined;
      return req
        .clone()
        .json()
        .then((body: unknown) => {
          bodies.push(body);
          return json(200, {
            results: { ...ANDI_DETAIL, salesPersonId: 12, fullname: 'Dewi Anggraini', amount: 1_250_000_000.5 },
          });
        });
    });
    await screen.findByText('Andi Pratama');
    expect(within(rowOf('Andi Pratama')).getByLabelText('Change the target of Andi Pratama')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Set the target of Dewi Anggraini'));
    const dialog = await waitFor(() => document.querySelector('.ant-modal') as HTMLElement);
    expect(dialog).toHaveTextContent(`Set the ${YEAR} target`);
    expect(dialog).toHaveTextContent('Dewi Anggraini');
    expect(dialog).toHaveTextContent('Not set');

    fireEvent.click(buttonByText('Save', dialog));
    expect(await within(dialog).findByText('Please enter the target.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    const before = listQueries(requests).length;
    fireEvent.change(within(dialog).getByLabelText(`Target for ${YEAR}`), { target: { value: '1250000000,5' } });
    await waitFor(() => expect(within(dialog).getByLabelText(`Target for ${YEAR}`)).toHaveValue('1.250.000.000,5'));
    fireEvent.click(buttonByText('Save', dialog));
    expect(await screen.findByText(`The ${YEAR} target of Dewi Anggraini is now Rp 1.250.000.001.`)).toBeInTheDocument();
    expect(bodies).toEqual([{ salesPersonId: 12, year: YEAR, amount: 1_250_000_000.5 }]);
    await waitFor(() => expect(listQueries(requests).length).toBeGreaterThan(before));
  });

  it("shows the server's refusal on the target field", async () => {
    await start(FULL, (req, url) =>
      url.pathname === '/api/sales-targets' && req.method === 'PUT'
        ? json(422, {
            messages: ['amount: Target can have at most 2 decimals.'],
            type: 'ValidationFailed',
            fields: [{ field: 'amount', message: 'Target can have at most 2 decimals.' }],
          })
        : undefined,
    );
    await screen.findByText('Andi Pratama');
    fireEvent.click(screen.getByLabelText('Change the target of Andi Pratama'));
    const dialog = await waitFor(() => document.querySelector('.ant-modal') as HTMLElement);
    const input = within(dialog).getByLabelText(`Target for ${YEAR}`);
    expect(input).toHaveValue('2.000.000.000');
    // the amount as it is: nothing to save
    expect(buttonByText('Save', dialog)).toBeDisabled();
    fireEvent.change(input, { target: { value: '3000000000' } });
    fireEvent.click(buttonByText('Save', dialog));
    const help = await within(dialog).findByText('Target can have at most 2 decimals.');
    expect(help.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    // typing again clears it
    fireEvent.change(input, { target: { value: '3100000000' } });
    await waitFor(() => expect(within(dialog).queryByText('Target can have at most 2 decimals.')).toBeNull());
  });

  it("shows a refusal without field errors (another team's sales person) on the field too", async () => {
    await start(FULL, (req, url) =>
      url.pathname === '/api/sales-targets' && req.method === 'PUT'
        ? json(422, { messages: ['Please choose an active sales person of your team.'], type: 'ValidationFailed' })
        : undefined,
    );
    await screen.findByText('Andi Pratama');
    fireEvent.click(screen.getByLabelText('Set the target of Dewi Anggraini'));
    const dialog = await waitFor(() => document.querySelector('.ant-modal') as HTMLElement);
    fireEvent.change(within(dialog).getByLabelText(`Target for ${YEAR}`), { target: { value: '5' } });
    fireEvent.click(buttonByText('Save', dialog));
    expect(await within(dialog).findByText('Please choose an active sales person of your team.')).toBeInTheDocument();
  });

  it('shows a team leader the same list read-only', async () => {
    await start(READ_ONLY);
    await screen.findByText('Andi Pratama');
    expect(within(totals()).getByTestId('target-total')).toHaveTextContent('Rp 2.750.000.000');
    expect(screen.queryByLabelText(/the target of/)).toBeNull();
    expect(screen.queryByText('Set')).toBeNull();
    expect(screen.queryByText('Change')).toBeNull();
  });

  it('says so without read access', async () => {
    const { requests } = await start({ isRead: false, isWrite: false, isEdit: false, isDelete: false });
    expect(await screen.findByText('You do not have access to view the sales targets.')).toBeInTheDocument();
    expect(listQueries(requests)).toEqual([]);
  });

  it("shows 'No data.' when nobody matches", async () => {
    await start(FULL, (req, url) =>
      url.pathname === '/api/sales-targets' && req.method === 'GET'
        ? json(200, { results: targetPage([], { totalAmount: 0, teams: [] }) })
        : undefined,
    );
    expect(await screen.findByText('No sales people yet.')).toBeInTheDocument();
    expect(screen.getByText('No data.')).toBeInTheDocument();
    expect(within(totals()).getByTestId('target-total')).toHaveTextContent('Rp 0');
  });

  it("shows the server's message when the list fails", async () => {
    await start(FULL, (req, url) =>
      url.pathname === '/api/sales-targets' && req.method === 'GET'
        ? json(500, { messages: ['Database unavailable.'], type: 'Error' })
        : undefined,
    );
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    expect(screen.getByText('Error loading data')).toBeInTheDocument();
  });

  it("falls back to 'Oops.. something went wrong' when the server says nothing", async () => {
    await start(FULL, (req, url) => (url.pathname === '/api/sales-targets' && req.method === 'GET' ? json(502, {}) : undefined));
    expect(await screen.findByText('Oops.. something went wrong')).toBeInTheDocument();
  });

  it('shows one block a sales person on a phone, with the edit button', async () => {
    window.innerWidth = 390;
    await start();
    await screen.findByText('Andi Pratama');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Sales people']);
    const block = screen.getByText('Putri Maharani').closest('.target-block') as HTMLElement;
    expect(block).toHaveTextContent('Team of Sari Lestari');
    expect(block).toHaveTextContent('Rp 750.000.000');
    expect(within(block).getByLabelText('Change the target of Putri Maharani')).toBeInTheDocument();
    const dewi = screen.getByText('Dewi Anggraini').closest('.target-block') as HTMLElement;
    expect(dewi).toHaveTextContent('Not set');
    expect(within(dewi).getByLabelText('Set the target of Dewi Anggraini')).toBeInTheDocument();
  });
});
