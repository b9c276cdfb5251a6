import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { ReportPage } from './report-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/report', Component: ReportPage },
];

const pipeline = {
  kind: 'pipeline',
  title: 'Ongoing leads by stage',
  periodStart: '2031-01-01',
  periodEnd: '2031-12-31',
  columns: [
    { key: 'stage', title: 'Stage', kind: 'text', summed: false },
    { key: 'leads', title: 'Leads', kind: 'int', summed: true },
    { key: 'totalGp', title: 'Total GP', kind: 'money', summed: true },
  ],
  rows: [
    { stage: 'E4', leads: 1, totalGp: 2000000 },
    { stage: 'E5', leads: 2, totalGp: 1250000.5 },
  ],
  totals: { stage: 'Total', leads: 3, totalGp: 3250000.5 },
  rowCount: 2,
  previewLimit: 500,
};

const byMonth = {
  ...pipeline,
  kind: 'closed-by-month',
  title: 'Closed leads by month',
  columns: [
    { key: 'month', title: 'Month', kind: 'month', summed: false },
    { key: 'gp', title: 'Closed GP', kind: 'money', summed: true },
  ],
  rows: [{ month: '2031-05-01', gp: 1500 }],
  totals: { month: 'Total', gp: 1500 },
  rowCount: 1,
};

function stub(handler: ApiHandler) {
  return stubApi(
    makeSession({
      user: { ...makeSession().user, username: 'tl1', roleName: 'TL', dashboardComponent: 'TL' },
      pageAccess: { 'system/report': FULL },
      routes: [...makeSession().routes, '/system/report'],
    }),
    handler,
  );
}

const filtersOf = (request: Request) => JSON.parse(new URL(request.url).searchParams.get('filters')!);

describe('ReportPage', () => {
  beforeEach(() => setToken('tok'));

  it('previews the pipeline with rupiah, a totals row and this year’s filters', async () => {
    const requests = stub((_, url) => (url.pathname === '/api/report/pipeline' ? json(200, { results: pipeline }) : undefined));
    await renderRoutes(pages, '/system/report');
    const e5 = (await screen.findByText('E5')).closest('tr')!;
    expect(within(e5).getByText('Rp 1.250.001')).toBeInTheDocument();
    const totals = document.querySelector('.report-table__totals')!;
    expect(totals).toHaveTextContent('Total');
    expect(totals).toHaveTextContent('Rp 3.250.001');
    expect(screen.getByText('1-Jan-2031 – 31-Dec-2031')).toBeInTheDocument();
    const call = requests.find((r) => new URL(r.url).pathname === '/api/report/pipeline')!;
    expect(filtersOf(call)).toMatchObject({ date: { value: 'THIS_YEAR' }, projectIds: [], salesPersonIds: [] });
    expect(call.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('switches to closed leads per month, and shows No Data. when a report is empty', async () => {
    const requests = stub((_, url) => {
      if (url.pathname === '/api/report/pipeline') return json(200, { results: pipeline });
      if (url.pathname === '/api/report/closed-leads')
        return json(200, { results: { ...pipeline, kind: 'closed-leads', rows: [], totals: null, rowCount: 0 } });
      if (url.pathname === '/api/report/closed-by-month') return json(200, { results: byMonth });
      return undefined;
    });
    await renderRoutes(pages, '/system/report');
    await screen.findByText('E5');
    fireEvent.click(screen.getByText('Closed leads'));
    expect(await screen.findByText('No Data.')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('Per month'));
    expect(await screen.findByText('May 2031')).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/report/closed-by-month')).toBe(true);
  });

  it('shows the server’s message, or the spec’s words when it has none', async () => {
    stub((_, url) =>
      url.pathname === '/api/report/pipeline'
        ? json(422, { messages: ['The dashboard filters are not valid.'], type: 'ValidationFailed' })
        : url.pathname === '/api/report/leaderboard'
          ? new Response('', { status: 500 })
          : undefined,
    );
    await renderRoutes(pages, '/system/report');
    expect(await screen.findByText('The dashboard filters are not valid.')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Leaderboard'));
    expect(await screen.findByText('Oops... something went wrong')).toBeInTheDocument();
  });

  it('downloads the XLSX under the server’s file name, with the bearer token', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const requests = stub((_, url) => {
      if (url.pathname === '/api/report/pipeline') return json(200, { results: pipeline });
      if (url.pathname === '/api/report/pipeline/download' && url.searchParams.get('format') === 'xlsx')
        return new Response('PK', {
          status: 200,
          headers: { 'Content-Type': xlsx, 'Content-Disposition': 'attachment; filename="pipeline-2031-01-01_2031-12-31.xlsx"' },
        });
      if (url.pathname === '/api/report/pipeline/download') return json(500, { messages: ['boom'] });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await renderRoutes(pages, '/system/report');
    await screen.findByText('E5');
    fireEvent.click(buttonByText('XLSX'));
    await waitFor(() => expect(names).toEqual(['pipeline-2031-01-01_2031-12-31.xlsx']));
    const call = requests.find((r) => new URL(r.url).pathname === '/api/report/pipeline/download')!;
    expect(call.headers.get('Authorization')).toBe('Bearer tok');
    expect(filtersOf(call).date.value).toBe('THIS_YEAR');

    // CSV is disabled while the XLSX download ends: clicked once it is enabled again (a busy machine ends it later)
    await waitFor(() => expect(buttonByText('CSV').closest('button')).not.toBeDisabled());
    fireEvent.click(buttonByText('CSV'));
    expect(await screen.findByText('Sorry we are unable to download the file you requested.')).toBeInTheDocument();
    click.mockRestore();
  });
});
