import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import type { ApprovalInsights } from '../api/insights-api';
import { emptyWeek, options, week } from '../test-fixtures';
import { ApprovalInsightsPage } from './approval-insights-page';

/** The pages under test, as the route table has them. */
const pages = [{ path: '/system/approval-insights', Component: ApprovalInsightsPage }];

async function start(
  answer: ApprovalInsights | ApiHandler = week,
  path = '/system/approval-insights',
  access: PageFlags = FULL,
) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/approval-insights': access, 'system/lead-approval': FULL },
    routes: [...makeSession().routes, '/system/approval-insights', '/system/lead-approval'],
  });
  const requests = stubApi(session, async (request, url) => {
    if (url.pathname === '/api/approval-insights/filter-options') return json(200, { results: options });
    if (url.pathname === '/api/approval-insights')
      return typeof answer === 'function' ? answer(request, url) : json(200, { results: answer });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const calls = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/approval-insights')
    .map((u) => Object.fromEntries(u.searchParams));

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

/** A section of the screen (a card) by its title. */
const section = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;

describe('ApprovalInsightsPage', () => {
  it('shows every figure per pipeline, layer and approver, in working hours, and who holds the oldest', async () => {
    await start();
    const pipeline = (await screen.findByText('Drop check', { selector: 'td' })).closest('tr')!;
    expect(cells(pipeline)).toEqual(['Drop check', '3', '66,67%2 of 3', '10 h', '16,4 h', '2', '1', '2oldest 41,5 h1 overdue']);
    const signOff = within(section('Per layer')).getByText('2. Sign-off').closest('tr')!;
    expect(cells(signOff).slice(1)).toEqual(['2', '50,00%1 of 2', '4,5 h', '6,5 h', '1', '0', '1oldest 30 h']);
    // a layer with conditions says how many requests they sent to it and how many skipped it; one without, nothing
    expect(within(signOff).getByTestId('layer-route')).toHaveTextContent('Conditions held for 3, skipped 5');
    const check = within(section('Per layer')).getByText('1. Check').closest('tr')!;
    expect(within(check).queryByTestId('layer-route')).toBeNull();
    const maya = within(section('Per approver')).getByText('Maya Kusuma').closest('tr')!;
    expect(cells(maya)).toEqual(['Maya Kusuma', '2', '50,00%1 of 2', '4,5 h', '6,5 h', '1', '0', '1oldest 30 h']);
    // every pipeline together
    const totals = screen.getByRole('group', { name: 'Every pipeline' });
    expect(within(totals).getByText('Rejection rate').nextSibling).toHaveTextContent('66,67%');
    expect(within(totals).getByText('90th percentile').nextSibling).toHaveTextContent('16,4 h');
    // how the hours are counted, as the server says it, and the period it answered for
    expect(screen.getByText(/Monday to Friday, 08:00-17:00 \(Asia\/Jakarta\), holidays skipped/)).toBeInTheDocument();
    expect(screen.getByText('3-Mar-2031 – 9-Mar-2031')).toBeInTheDocument();
    // the oldest waiting, its register entry, who holds it, overdue
    const oldest = screen.getByRole('link', { name: '#41 Drop Lead' }).closest('tr')!;
    expect(screen.getByRole('link', { name: '#41 Drop Lead' })).toHaveAttribute('href', '/system/lead-approval/41/edit');
    expect(within(oldest).getByText('Hendra Gunawan')).toBeInTheDocument();
    expect(within(oldest).getByText('Overdue')).toBeInTheDocument();
    expect(within(oldest).getByText('41,5 h')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: '#42 Drop Lead' }).closest('tr')!;
    expect(within(second).getByText('Escalated to Ratna Wijaya')).toBeInTheDocument();
    expect(within(second).getByText('No deadline')).toBeInTheDocument();
  });

  it('keeps its filters in the URL and asks for them', async () => {
    const { requests, router } = await start(week, '/system/approval-insights?from=2031-03-03&to=2031-03-09&team=3');
    await screen.findByText('Drop check', { selector: 'td' });
    expect(calls(requests).at(-1)).toEqual({ from: '2031-03-03', to: '2031-03-09', teamLeaderId: '3' });
    await chooseOption(screen.getByLabelText('Filter by request type'), 'Drop Lead');
    await waitFor(() => expect(router.state.location.search).toContain('type=DROP_LEAD'));
    await waitFor(() =>
      expect(calls(requests).at(-1)).toEqual({
        from: '2031-03-03', to: '2031-03-09', teamLeaderId: '3', requestType: 'DROP_LEAD',
      }),
    );
    await chooseOption(screen.getByLabelText('Filter by team'), 'Sari Lestari');
    await waitFor(() => expect(router.state.location.search).toContain('team=4'));
    await waitFor(() => expect(calls(requests).at(-1)?.teamLeaderId).toBe('4'));
  });

  it('asks for the server’s default period when none is chosen', async () => {
    const { requests } = await start();
    await screen.findByText('Drop check', { selector: 'td' });
    expect(calls(requests)).toEqual([{}]);
    expect(screen.getByText(/the last 30 days unless chosen/)).toBeInTheDocument();
  });

  it('says so when nothing was decided in the period', async () => {
    await start(emptyWeek);
    expect(await screen.findByText('No decisions in this period')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows what waits when nothing was decided', async () => {
    await start({
      ...emptyWeek,
      totals: { ...emptyWeek.totals, pending: 2, oldestPendingHours: 41.5, overdue: 1 },
      oldestPending: week.oldestPending,
    });
    expect(await screen.findByText('No decisions in this period; what waits now is below.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#41 Drop Lead' })).toBeInTheDocument();
    expect(screen.getAllByText('No decisions in this period').length).toBeGreaterThan(0); // the empty tables
  });

  it('shows the server’s refusal of a period', async () => {
    await start(() => json(422, { messages: ['The period must end on or after its start.'], type: 'ValidationFailed' }),
      '/system/approval-insights?from=2031-03-09&to=2031-03-03');
    expect(await screen.findByText('The period must end on or after its start.')).toBeInTheDocument();
  });

  it('downloads the XLSX under the server’s name', async () => {
    const { requests } = await start(week, '/system/approval-insights?type=PCS');
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const original = globalThis.fetch as unknown as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === '/api/approval-insights/download') {
        requests.push(request.clone());
        return new Response('PK', { status: 200, headers: { 'Content-Type': xlsx,
          'Content-Disposition': 'attachment; filename="approval-insights-20310303-20310309.xlsx"' } });
      }
      return original(input, init);
    }));
    URL.createObjectURL = vi.fn(() => 'blob:insights');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await screen.findByText('Drop check', { selector: 'td' });
    fireEvent.click(screen.getByRole('button', { name: /XLSX/ }));
    await waitFor(() => expect(names).toEqual(['approval-insights-20310303-20310309.xlsx']));
    const download = requests.map((r) => new URL(r.url)).find((u) => u.pathname === '/api/approval-insights/download')!;
    expect(Object.fromEntries(download.searchParams)).toEqual({ requestType: 'PCS' });
  });

  it('tells a reader without the page', async () => {
    const { requests } = await start(week, '/system/approval-insights', { ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to Approval Insights.')).toBeInTheDocument();
    expect(calls(requests)).toEqual([]);
  });
});
