import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { chooseOption, confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { HISTORY, PAGE } from '../test-fixtures';
import { MonthlyBillingPage } from './monthly-billing-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/monthly-billing', Component: MonthlyBillingPage },
];

afterEach(() => Modal.destroyAll());

const READ: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const EDIT: PageFlags = { ...READ, isEdit: true };

async function start(flags: PageFlags = FULL, move?: (body: unknown) => Response) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/monthly-billing': flags } });
  const bodies: unknown[] = [];
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/monthly-billing'] }, (req, url) => {
    if (url.pathname === '/api/monthly-billing' && req.method === 'GET') return json(200, { results: PAGE });
    if (url.pathname === '/api/master-data/sales-users-by-leader') {
      return json(200, { results: [{ id: 5, fullname: 'Andi Pratama' }] });
    }
    if (url.pathname === '/api/monthly-billing/2/history') return json(200, { results: HISTORY });
    if (url.pathname.endsWith('/status') && req.method === 'PUT') {
      return req.json().then((body: unknown) => {
        bodies.push(body);
        return move ? move(body) : json(200, { results: PAGE.data[0] });
      });
    }
    return undefined;
  });
  return { requests, bodies, ...(await renderRoutes(pages, '/system/monthly-billing')) };
}

const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/monthly-billing')
    .map((u) => u.search);

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('MonthlyBillingPage', () => {
  it('shows the rows month by month with the month, client and grand totals and status tags', async () => {
    await start();
    expect(await screen.findByText('Branch WAN 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monthly Billing' })).toBeInTheDocument();
    // a heading row before each month: its whole total (every page's rows) and how many billings
    const jan = screen.getByText('Jan 2035').closest('tr')!;
    expect(jan).toHaveTextContent('Rp 15.000.001'); // money on screen is whole rupiah (lib/format)
    expect(jan).toHaveTextContent('2 billings');
    expect(screen.getByText('Feb 2035').closest('tr')).toHaveTextContent('Rp 12.500.000');
    const rows = [...document.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
    expect(rows.findIndex((t) => t.includes('Feb 2035'))).toBeGreaterThan(rows.findIndex((t) => t.includes('billing 2')));
    expect(screen.getByTestId('billing-grand-total')).toHaveTextContent('Rp 27.500.001');
    const clients = screen.getByRole('list', { name: 'Totals per client' });
    expect(within(clients).getByText('PT Quartz Analytics').parentElement).toHaveTextContent('Rp 2.500.001');
    const second = rowOf('Branch WAN 2');
    expect(second).toHaveTextContent('31-Jan-2035');
    expect(within(second).getByText('Billed (Sudah Tagih)')).toHaveClass('ant-tag-blue');
    expect(rowOf('Branch WAN 3')).toHaveTextContent('NDC-2035-0007');
  });

  it('sends the filters and the search, and exports with them', async () => {
    const { requests } = await start();
    await screen.findByText('Branch WAN 1');
    await chooseOption(screen.getByLabelText('Filter by status'), 'Billing requested');
    await waitFor(() => expect(listQueries(requests).at(-1)).toContain('status=BILLING_REQUEST'));
    await chooseOption(screen.getByLabelText('Filter by client'), 'PT Quartz Analytics');
    await waitFor(() => expect(listQueries(requests).at(-1)).toContain('clientId=2'));
    await chooseOption(screen.getByLabelText('Filter by sales person'), 'Andi Pratama');
    await waitFor(() => expect(listQueries(requests).at(-1)).toContain('salesPersonId=5'));
    const box = screen.getByPlaceholderText('Search project, client, PID or item');
    fireEvent.change(box, { target: { value: 'wan' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(requests).at(-1)).toContain('search=wan'));
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => {
      const exported = requests.map((r) => new URL(r.url)).find((u) => u.pathname.endsWith('/export.xlsx'));
      expect(exported?.search).toContain('status=BILLING_REQUEST');
      expect(exported?.search).toContain('clientId=2');
      expect(exported?.search).toContain('search=wan');
    });
  });

  it('asks before moving a row to its next status and sends the status it saw', async () => {
    const { bodies } = await start(EDIT);
    await screen.findByText('Branch WAN 1');
    const menu = await openDropdownMenu(within(rowOf('Branch WAN 1')).getByRole('button', { name: /Actions for/ }));
    expect(within(menu).queryByText(/Move back/)).toBeNull(); // no delete right
    fireEvent.click(within(menu).getByText('Move to Billing requested'));
    expect((await screen.findAllByText('Move to Billing requested?')).length).toBeGreaterThan(0);
    fireEvent.click(confirmButton('Move'));
    await waitFor(() => expect(bodies).toEqual([{ status: 'BILLING_REQUEST', expectedStatus: 'NOT_YET', note: null }]));
  });

  it("shows the server's refusal when someone moved the row first", async () => {
    const refusal = 'Someone else has just moved this billing: it is now Billing requested. Reload to see it and try again.';
    await start(EDIT, () => json(409, { messages: [refusal], type: 'Conflict' }));
    await screen.findByText('Branch WAN 1');
    const menu = await openDropdownMenu(within(rowOf('Branch WAN 1')).getByRole('button', { name: /Actions for/ }));
    fireEvent.click(within(menu).getByText('Move to Billing requested'));
    fireEvent.click(await waitFor(() => confirmButton('Move')));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByText('The billing was not moved').length).toBeGreaterThan(0);
  });

  it('moves a row back only with a reason (delete right)', async () => {
    const { bodies } = await start(FULL);
    await screen.findByText('Branch WAN 2');
    const menu = await openDropdownMenu(within(rowOf('Branch WAN 2')).getByRole('button', { name: /Actions for/ }));
    fireEvent.click(within(menu).getByText('Move back to Billing requested'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move back' }));
    expect(await within(dialog).findByText('Please give a reason for moving the billing back.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Invoice was cancelled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move back' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ status: 'BILLING_REQUEST', expectedStatus: 'SUDAH_TAGIH', note: 'Invoice was cancelled' }]),
    );
  });

  it("reads a row's history", async () => {
    await start(READ);
    await screen.findByText('Branch WAN 2');
    const menu = await openDropdownMenu(within(rowOf('Branch WAN 2')).getByRole('button', { name: /Actions for/ }));
    expect(within(menu).queryByText(/Move/)).toBeNull(); // read only
    fireEvent.click(within(menu).getByText('History'));
    expect(await screen.findByText('Invoice INV-77 sent')).toBeInTheDocument();
    expect(screen.getByText(/System Administrator · 20-Jan-2035/)).toBeInTheDocument();
    expect(screen.getByText(/Andi Pratama · 18-Jan-2035/)).toBeInTheDocument();
  });

  it('folds its four filters into a Filters sheet on a phone, the search box beside the button', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      const { requests, router } = await start();
      await screen.findByText('Branch WAN 1');
      expect(screen.getByPlaceholderText('Search project, client, PID or item')).toBeVisible();
      // the rows come right after the search box: no filter stacked above them
      for (const name of ['status', 'period', 'client', 'sales person']) {
        expect(screen.queryAllByLabelText(`Filter by ${name}`)).toEqual([]);
      }
      const button = screen.getByRole('button', { name: /Filters/ });
      fireEvent.click(button);
      await screen.findByRole('button', { name: 'Show results' });
      const sheet = document.querySelector('.list-filters--sheet') as HTMLElement;
      for (const name of ['status', 'period', 'client', 'sales person']) {
        expect(within(sheet).getAllByLabelText(`Filter by ${name}`).length).toBeGreaterThan(0);
      }
      await chooseOption(within(sheet).getByLabelText('Filter by status'), 'Billing requested');
      await waitFor(() => expect(listQueries(requests).at(-1)).toContain('status=BILLING_REQUEST'));
      expect(router.state.location.search).toContain('status=BILLING_REQUEST');
      await waitFor(() => expect(button.closest('.ant-badge')).toHaveTextContent('1'));
      expect(within(sheet).getByTitle('Billing requested')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
      // back to the list without filters (the first call's answer, still fresh: no new call)
      await waitFor(() => expect(router.state.location.search).not.toContain('status='));
      await waitFor(() => expect(within(sheet).queryByTitle('Billing requested')).toBeNull());
    } finally {
      window.innerWidth = width;
    }
  });

  it('says so without read access', async () => {
    await start({ isRead: false, isWrite: false, isEdit: false, isDelete: false });
    expect(await screen.findByText('You do not have access to view the monthly billing.')).toBeInTheDocument();
  });
});
