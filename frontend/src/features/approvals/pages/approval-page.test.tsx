import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { queueRow, timeline } from '../test-fixtures';
import { QUEUE_MIN_WIDTH, ApprovalPage } from './approval-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/approval', Component: ApprovalPage },
];

afterEach(() => Modal.destroyAll());

const rows = [
  queueRow(1),
  queueRow(2, {
    leadId: null,
    projectName: null,
    requestType: 'CHANGE_LEAD_STAGE',
    targetStage: 'E2 Connected',
    combinedStageDescriptions: 'E1 Found → E2 Connected',
  }),
];

async function start(decide?: ApiHandler, queue = rows) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/approval': FULL },
    routes: [...makeSession().routes, '/system/approval'],
  });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/approval' && req.method === 'GET') {
      return json(200, { results: { data: queue, totalRows: 12 } });
    }
    if (url.pathname === '/api/approval/1/timeline') return json(200, { results: timeline });
    if (url.pathname === '/api/approval/1/handle-hold' && req.method === 'PUT') {
      return Promise.resolve(decide?.(req, url)).then((answer) => answer ?? json(200, { results: timeline }));
    }
    return undefined;
  });
  const app = await renderRoutes(pages, '/system/approval');
  return { requests, ...app };
}

const queueQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/approval')
    .map((u) => Object.fromEntries(u.searchParams));

async function openReview() {
  fireEvent.click(await screen.findByLabelText('Review request 1'));
  const dialog = (await screen.findByText('Review Request')).closest('.ant-modal') as HTMLElement;
  await within(dialog).findByText('Sales director');
  return dialog;
}

/** The Review dialog unless it is closing (the test DOM never ends antd's leave animation). */
const openReviewDialog = () => document.querySelector('.approval-review:not(.ant-zoom-leave)');

function descriptionDialog(): HTMLElement {
  const boxes = [...document.querySelectorAll<HTMLElement>('.description-dialog')];
  const box = boxes.at(-1);
  if (!box) throw new Error('no description dialog');
  return box;
}

describe('ApprovalPage', () => {
  it('shows the queue ten a page, readable types, the time format and "No Leads." without a lead', async () => {
    const { requests, router } = await start();
    expect(await screen.findByText('Project 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approval' })).toBeInTheDocument();
    const headers = [...document.querySelectorAll('.approval-queue thead th')].map((th) => th.textContent);
    // the first column selects requests for a bulk approval
    expect(headers).toEqual(['', 'Request', 'Lead', 'Stages', 'Requested At', 'Due', 'Notes', '']);
    const first = screen.getByText('Project 1').closest('tr')!;
    // The request cell names who asked, the lead cell the client under the project.
    expect(within(first).getByText('Sari Dewi')).toBeInTheDocument();
    expect(within(first).getByText('PT Sinar Jaya')).toBeInTheDocument();
    expect(screen.getByText('No Leads.')).toBeInTheDocument();
    expect(screen.getByText('Hold Lead')).toBeInTheDocument();
    expect(screen.getByText('Change Lead Stage')).toBeInTheDocument();
    expect(screen.getAllByText('5-Jan-2026')).toHaveLength(2);
    expect(screen.getAllByText('14:05')).toHaveLength(2);
    // A hold shows the lead's stage; a stage change where it goes from and (in bold) to.
    expect(within(first).getByText('E1 Found')).toBeInTheDocument();
    const second = screen.getByText('No Leads.').closest('tr')!;
    expect(within(second).getByText('E1 Found')).toBeInTheDocument();
    expect(within(second).getByText('E2 Connected').tagName).toBe('STRONG');
    expect(second.querySelector('.queue-cell__stages')).toHaveTextContent('E1 Found → E2 Connected');
    expect(queueQueries(requests)[0]).toMatchObject({ offset: '0', limit: '10', sort: 'requestedAt', desc: 'true' });

    // Refresh asks again; Detail opens the lead view (disabled without a lead).
    const before = queueQueries(requests).length;
    fireEvent.click(buttonByText('Refresh'));
    await waitFor(() => expect(queueQueries(requests).length).toBeGreaterThan(before));
    expect(screen.getByLabelText('Detail of request 2')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Detail of request 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/101/view'));
  });

  it("opens a cost sheet request's sheet from Detail for those who may open it, else the lead view", async () => {
    setToken('a');
    const session = makeSession({ pageAccess: { 'system/approval': FULL }, routes: [...makeSession().routes, '/system/approval'] });
    const pcsRow = queueRow(7, { requestType: 'PCS', combinedStageDescriptions: 'Project cost sheet, revision 0' });
    stubApi(session, (req, url) =>
      url.pathname === '/api/approval' && req.method === 'GET' ? json(200, { results: { data: [pcsRow], totalRows: 1 } }) : undefined,
    );
    const { router } = await renderRoutes(pages, '/system/approval');
    expect(await screen.findByText('Project Cost Sheet')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Detail of request 7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/107/project-cost-sheet'));
  });

  it('sends an approver, who reads no leads but the ones asked about, to the lead view of every request', async () => {
    setToken('a');
    const approverRoutes = ['/welcome', '/system', '/system/approval', '/leads/:leadId/view', '/user/inbox'];
    const session = makeSession({
      pageAccess: { 'system/approval': FULL },
      routes: approverRoutes,
      allRoutes: ['/', '/leads', ...approverRoutes],
    });
    const pcsRow = queueRow(7, { requestType: 'PCS', combinedStageDescriptions: 'Project cost sheet, revision 0' });
    stubApi(session, (req, url) =>
      url.pathname === '/api/approval' && req.method === 'GET'
        ? json(200, { results: { data: [queueRow(1), pcsRow], totalRows: 2 } })
        : undefined,
    );
    const { router } = await renderRoutes(pages, '/system/approval', { frame: 'shell' }); // the shell checks the route
    expect(await screen.findByText('Project Cost Sheet')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Detail of request 7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/107/view'));
    expect(screen.queryByText('Access Denied.')).not.toBeInTheDocument();
  });

  it('fits the card: fixed narrow columns, the lead and notes share the rest, nothing wider than the card', async () => {
    await start();
    await screen.findByText('Project 1');
    const table = document.querySelector<HTMLTableElement>('.approval-queue .ant-table-content table')!;
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    // Selection, Request, Lead, Stages, Requested At, Due, Notes, actions: the lead and the notes have no fixed width.
    expect(widths).toEqual(['44px', '128px', '', '124px', '146px', '104px', '', '108px']);
    expect(table.style.width).toBe(`${QUEUE_MIN_WIDTH}px`); // only below this does the card scroll
    expect(table.style.minWidth).toBe('100%');
    expect(table.style.tableLayout).toBe('fixed');
    expect(screen.getByLabelText('Review request 1')).toHaveTextContent('Review');
  });

  it('keeps the whole of a long note in a paragraph clamped to three lines (Expand and hover show it)', async () => {
    const long = `${'The client asked for a revised scope. '.repeat(30)}END-OF-NOTE`;
    setToken('a');
    const session = makeSession({ pageAccess: { 'system/approval': FULL }, routes: [...makeSession().routes, '/system/approval'] });
    stubApi(session, (req, url) =>
      url.pathname === '/api/approval' && req.method === 'GET'
        ? json(200, { results: { data: [queueRow(1, { notes: long })], totalRows: 1 } })
        : undefined,
    );
    await renderRoutes(pages, '/system/approval');
    const notes = (await screen.findByLabelText(long)) as HTMLElement;
    expect(notes).toHaveClass('queue-cell__notes');
    expect(notes).toHaveClass('ant-typography-ellipsis');
  });

  it('shows each request as one block on a phone, its actions inside', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      await start();
      await screen.findByText('Project 1');
      expect([...document.querySelectorAll('.approval-queue thead th')].map((th) => th.textContent)).toEqual(['', 'Requests']);
      const table = document.querySelector<HTMLTableElement>('.approval-queue .ant-table-content table')!;
      expect(table.style.width).toBe(''); // as wide as the card, never wider
      const first = screen.getByText('Project 1').closest('tr')!;
      for (const text of ['Hold Lead', 'PT Sinar Jaya', 'E1 Found', 'Requested by Sari Dewi', '5-Jan-2026 14:05']) {
        expect(within(first).getByText(text)).toBeInTheDocument();
      }
      const review = within(first).getByLabelText('Review request 1');
      expect(review).toHaveTextContent('Review');
      fireEvent.click(review);
      expect(await screen.findByText('Review Request')).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('searches and pages on the server', async () => {
    const { requests } = await start();
    await screen.findByText('Project 1');
    const search = screen.getByLabelText('Search request');
    fireEvent.change(search, { target: { value: 'sinar' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queueQueries(requests).at(-1)).toMatchObject({ search: 'sinar', offset: '0' }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(queueQueries(requests).at(-1)).toMatchObject({ offset: '10', limit: '10' }));
  });

  it('shows the request and its timeline in the review dialog', async () => {
    await start();
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
    const { requests } = await start();
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
    const { requests } = await start();
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
    await start(() => json(500, { messages: ['Temporal is unavailable.'] }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText('Something went wrong !')).toBeInTheDocument();
    expect(screen.getByText('Temporal is unavailable.')).toBeInTheDocument();
  });

  it('asks to try again when no worker answers in time (503)', async () => {
    const unavailable = 'Approvals are unavailable right now. Please try again in a moment.';
    await start(() => json(503, { messages: [unavailable], type: 'BadRequest' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText(unavailable)).toBeInTheDocument();
  });

  it('shows the server message of other refusals', async () => {
    await start(() => json(409, { messages: ['It is not your turn yet: waiting for Agus Approver.'], type: 'Conflict' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText('It is not your turn yet: waiting for Agus Approver.')).toBeInTheDocument();
  });

  it('says a decision the server could not confirm in time was received (info), closes, and shows the row as processing', async () => {
    const queue = [...rows];
    const { requests } = await start(() => {
      // From now on the queue answers the row as processing.
      queue[0] = { ...queue[0], processing: true };
      return json(202, {
        results: { ...timeline, processing: true, message: 'Your decision was received and will be applied shortly.' },
      });
    }, queue);
    const dialog = await openReview();
    fireEvent.click(buttonByText('Reject', dialog));
    const box = await waitFor(descriptionDialog);
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'Budget too high' } });
    fireEvent.click(buttonByText('Confirm', box));

    const info = await screen.findByText('Your decision was received and will be applied shortly.');
    expect(info.closest('.ant-notification-notice')).toHaveClass('ant-notification-notice-info');
    expect(screen.queryByText(/rejected successfully/)).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong !')).not.toBeInTheDocument();
    await waitFor(() => expect(openReviewDialog()).toBeNull());
    const table = document.querySelector<HTMLElement>('.approval-queue')!;
    const row = within(table).getByText('Project 1').closest('tr')!;
    expect(await within(row).findByText('Processing')).toBeInTheDocument();
    expect(within(row).getByLabelText('Review request 1')).toBeDisabled();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('closes the dialogs on a refusal that leaves nothing to do, with the one server message', async () => {
    await start(() => json(409, { messages: ['You have already decided on this layer.'], type: 'AlreadyDecided' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Approve', dialog));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText('You have already decided on this layer.')).toBeInTheDocument();
    await waitFor(() => expect(openReviewDialog()).toBeNull());
    expect(screen.getAllByText('You have already decided on this layer.')).toHaveLength(1);
  });

  it('keeps the description open when the server refuses the note, saying why', async () => {
    await start(() => json(422, { messages: ['The description cannot exceed 1024 characters.'], type: 'NoteTooLong' }));
    const dialog = await openReview();
    fireEvent.click(buttonByText('Reject', dialog));
    const box = await waitFor(descriptionDialog);
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'Too long for the server' } });
    fireEvent.click(buttonByText('Confirm', box));
    expect(await screen.findByText('The description cannot exceed 1024 characters.')).toBeInTheDocument();
    expect(within(descriptionDialog()).getByLabelText('Description')).toHaveValue('Too long for the server');
    expect(openReviewDialog()).not.toBeNull();
  });

  it('shows a processing row with Review disabled, and the timeline says what is pending', async () => {
    setToken('a');
    const session = makeSession({ pageAccess: { 'system/approval': FULL }, routes: [...makeSession().routes, '/system/approval'] });
    stubApi(session, (req, url) =>
      url.pathname === '/api/approval' && req.method === 'GET'
        ? json(200, { results: { data: [queueRow(1, { processing: true })], totalRows: 1 } })
        : undefined,
    );
    await renderRoutes(pages, '/system/approval');
    const row = (await screen.findByText('Project 1')).closest('tr')!;
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    expect(within(row).getByLabelText('Review request 1')).toBeDisabled();
    expect(within(row).getByLabelText('Detail of request 1')).toBeEnabled();
  });
});
