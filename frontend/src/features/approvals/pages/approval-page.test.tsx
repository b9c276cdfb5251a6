import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setTokens } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, LOAD, makeSession, renderApp, stubApi, type ApiHandler } from '@/test/render-app';
import { queueRow, timeline } from '../test-fixtures';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => Modal.destroyAll());

const rows = [queueRow(1), queueRow(2, { leadId: null, projectName: null, requestType: 'CHANGE_LEAD_STAGE' })];

function start(decide?: ApiHandler) {
  setTokens({ token: 'a', refreshToken: 'r' });
  const session = makeSession({
    pageAccess: { 'system/approval': FULL },
    routes: [...makeSession().routes, '/system/approval'],
  });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/approval' && req.method === 'GET') {
      return json(200, { results: { data: rows, totalRows: 12 } });
    }
    if (url.pathname === '/api/approval/1/timeline') return json(200, { results: timeline });
    if (url.pathname === '/api/approval/1/handle-hold' && req.method === 'PUT') {
      return Promise.resolve(decide?.(req, url)).then((answer) => answer ?? json(200, { results: timeline }));
    }
    return undefined;
  });
  const app = renderApp('/system/approval');
  return { requests, ...app };
}

const queueQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/approval')
    .map((u) => Object.fromEntries(u.searchParams));

async function openReview() {
  fireEvent.click(await screen.findByLabelText('Review request 1', {}, LOAD));
  const dialog = (await screen.findByText('Review Request')).closest('.ant-modal') as HTMLElement;
  await within(dialog).findByText('Sales director');
  return dialog;
}

function descriptionDialog(): HTMLElement {
  const boxes = [...document.querySelectorAll<HTMLElement>('.description-dialog')];
  const box = boxes.at(-1);
  if (!box) throw new Error('no description dialog');
  return box;
}

describe('ApprovalPage', () => {
  it('shows the queue ten a page, readable types, the time format and "No Leads." without a lead', async () => {
    const { requests, router } = start();
    expect(await screen.findByText('Project 1', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approval' })).toBeInTheDocument();
    for (const title of ['Request Type', 'Requested By', 'Client', 'Project', 'Stages', 'Requested At', 'Notes']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    expect(screen.getByText('No Leads.')).toBeInTheDocument();
    expect(screen.getByText('Hold Lead')).toBeInTheDocument();
    expect(screen.getByText('Change Lead Stage')).toBeInTheDocument();
    expect(screen.getAllByText('5-Jan-2026 14:05')).toHaveLength(2);
    expect(screen.getAllByText('E1 Found → E2 Connected')).toHaveLength(2);
    expect(queueQueries(requests)[0]).toMatchObject({ offset: '0', limit: '10', sort: 'requestedAt', desc: 'true' });

    // Refresh asks again; Detail opens the lead view (disabled without a lead).
    const before = queueQueries(requests).length;
    fireEvent.click(buttonByText('Refresh'));
    await waitFor(() => expect(queueQueries(requests).length).toBeGreaterThan(before));
    expect(screen.getByLabelText('Detail of request 2')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Detail of request 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/101/view'));
  });

  it("opens a cost sheet request's sheet from Detail", async () => {
    setTokens({ token: 'a', refreshToken: 'r' });
    const session = makeSession({ pageAccess: { 'system/approval': FULL }, routes: [...makeSession().routes, '/system/approval'] });
    const pcsRow = queueRow(7, { requestType: 'PCS', combinedStageDescriptions: 'Project cost sheet, revision 0' });
    stubApi(session, (req, url) =>
      url.pathname === '/api/approval' && req.method === 'GET' ? json(200, { results: { data: [pcsRow], totalRows: 1 } }) : undefined,
    );
    const { router } = renderApp('/system/approval');
    expect(await screen.findByText('Project Cost Sheet', {}, LOAD)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Detail of request 7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/107/project-cost-sheet'));
  });

  it('keeps every column at its width and scrolls sideways instead of squeezing them', async () => {
    start();
    await screen.findByText('Project 1', {}, LOAD);
    const table = document.querySelector<HTMLTableElement>('.ant-table-content table')!;
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(widths).toEqual(['160px', '160px', '180px', '220px', '210px', '170px', '220px', '196px']);
    expect(table.style.width).toBe('1516px'); // their sum: wider than the card, so the table scrolls
    expect(table.style.tableLayout).toBe('fixed');
    expect(screen.getByLabelText('Review request 1')).toHaveTextContent('Review');
  });

  it('pins icon-only actions on a phone so the columns keep room to scroll', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      start();
      await screen.findByText('Project 1', {}, LOAD);
      const review = screen.getByLabelText('Review request 1');
      expect(review).toHaveTextContent('');
      expect(review).toHaveAttribute('title', 'Review');
      expect(screen.getByLabelText('Detail of request 1')).toHaveAttribute('title', 'Detail');
      const table = document.querySelector<HTMLTableElement>('.ant-table-content table')!;
      expect(table.style.width).toBe('1416px');
      fireEvent.click(review);
      expect(await screen.findByText('Review Request')).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('searches and pages on the server', async () => {
    const { requests } = start();
    await screen.findByText('Project 1', {}, LOAD);
    const search = screen.getByLabelText('Search request');
    fireEvent.change(search, { target: { value: 'sinar' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queueQueries(requests).at(-1)).toMatchObject({ search: 'sinar', offset: '0' }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(queueQueries(requests).at(-1)).toMatchObject({ offset: '10', limit: '10' }));
  });

  it('shows the request and its timeline in the review dialog', async () => {
    start();
    const dialog = await openReview();
    for (const name of ['Team leader', 'Sales director', 'Board']) expect(within(dialog).getByText(name)).toBeInTheDocument();
    expect(within(dialog).getByText('checked by')).toBeInTheDocument();
    expect(within(dialog).getByText('acknowledged by')).toBeInTheDocument();
    expect(within(dialog).getByText('approved by')).toBeInTheDocument();
    expect(within(dialog).getByText('Agus Approver')).toBeInTheDocument();
    expect(within(dialog).getByText('Client paused the budget')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Open in Temporal UI/ })).toHaveAttribute('href', timeline.temporalUrl);
  });

  it('rejects only with a description of at most 1024 characters, then toasts and refreshes', async () => {
    const { requests } = start();
    const dialog = await openReview();
    const before = queueQueries(requests).length;
    fireEvent.click(buttonByText('Reject', dialog));
    const box = await waitFor(descriptionDialog);
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();

    const input = within(box).getByLabelText('Description');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: 'x'.repeat(1025) } });
    expect(confirm).toBeDisabled();
    expect(within(box).getByText('The description cannot exceed 1024 characters.')).toBeInTheDocument();
    expect(within(box).getByText(/1025 \/ 1024/)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'x'.repeat(1024) } });
    expect(confirm).toBeEnabled();
    fireEvent.change(input, { target: { value: 'Budget is not approved' } });
    fireEvent.click(confirm);

    expect(await screen.findByText("'Sari Dewi' request has been rejected successfully.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/approval/1/handle-hold');
    expect(await put.json()).toEqual({ approversAction: 'REJECTED', note: 'Budget is not approved' });
    await waitFor(() => expect(queueQueries(requests).length).toBeGreaterThan(before));
  });

  it('approves without a description and toasts the spec text', async () => {
    const { requests } = start();
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    const box = await waitFor(descriptionDialog);
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await screen.findByText("'Sari Dewi' request has been approved successfully.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ approversAction: 'APPROVED', note: null });
  });

  it("shows 'Something went wrong !' with the server message on a 500", async () => {
    start(() => json(500, { messages: ['Temporal is unavailable.'] }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText('Something went wrong !')).toBeInTheDocument();
    expect(screen.getByText('Temporal is unavailable.')).toBeInTheDocument();
  });

  it('asks to try again when no worker answers in time (503)', async () => {
    const unavailable = 'Approvals are unavailable right now. Please try again in a moment.';
    start(() => json(503, { messages: [unavailable], type: 'BadRequest' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText(unavailable)).toBeInTheDocument();
  });

  it('shows the server message of other refusals', async () => {
    start(() => json(409, { messages: ['It is not your turn yet: waiting for Agus Approver.'], type: 'Conflict' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText('It is not your turn yet: waiting for Agus Approver.')).toBeInTheDocument();
  });
});
