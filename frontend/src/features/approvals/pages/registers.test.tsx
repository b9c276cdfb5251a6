import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { routePreview } from '@/test/approval-route';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { RegisterDetail } from '../api/types';
import { people, registerRow, timeline } from '../test-fixtures';
import { LeadRegisterPage, PcsRegisterPage } from './register-list-page';
import { LeadRequestAddPage } from './lead-request-add-page';
import { LeadRequestPage } from './lead-request-page';
import { PcsRequestPage } from './pcs-request-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/lead-approval', Component: LeadRegisterPage },
  { path: '/system/lead-approval/add', Component: LeadRequestAddPage },
  { path: '/system/lead-approval/:approvalId/edit', Component: LeadRequestPage },
  { path: '/system/pcs-approval', Component: PcsRegisterPage },
  { path: '/system/pcs-approval/:approvalId', Component: PcsRequestPage },
];

afterEach(() => Modal.destroyAll());

const READ: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const HOLD = registerRow(1);
const ON_BEHALF = registerRow(2, {
  requestType: 'CHANGE_LEAD_STAGE',
  requestTypeLabel: 'Stage change',
  targetStageName: 'E4 Proposal',
  requestedById: 1,
  requestedByName: 'Adi Nugroho',
  onBehalfOfName: 'Sari Dewi',
  status: 'WITHDRAWN',
});

function detail(overrides: Partial<RegisterDetail> = {}): RegisterDetail {
  return { request: HOLD, timeline: { ...timeline, status: 'PENDING', requestedByName: 'Sari Dewi' }, canWithdraw: true, ...overrides };
}

async function start(path: string, flags: PageFlags = FULL, handler?: Parameters<typeof stubApi>[1]) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/lead-approval': flags, 'system/pcs-approval': flags } });
  const routes = [...session.routes, '/system/lead-approval', '/system/pcs-approval'];
  const requests = stubApi({ ...session, routes }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/lead-approval/people' || url.pathname === '/api/pcs-approval/people') {
      return json(200, { results: people });
    }
    if (url.pathname === '/api/lead-approval' && req.method === 'GET') {
      return json(200, { results: { data: [HOLD, ON_BEHALF], totalRows: 2 } });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const listQueries = (requests: Request[], path = '/api/lead-approval') =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

describe('Lead Approval register', () => {
  it('lists every request with who asked (and for whom), its status, and filters on the server', async () => {
    const { requests, router } = await start('/system/lead-approval');
    expect(await screen.findByText('#1 Hold')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lead Approval' })).toBeInTheDocument();
    const second = screen.getByText('#2 Stage change to E4 Proposal').closest('tr')!;
    expect(second).toHaveTextContent('Adi Nugroho on behalf of Sari Dewi');
    expect(within(second).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(screen.getByText('#1 Hold').closest('tr')!).getByText('Pending')).toBeInTheDocument();
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: '10', sort: 'requestedAt', desc: 'true' });

    await chooseOption(screen.getByLabelText('Filter by status'), 'Withdrawn');
    await waitFor(() =>
      expect(listQueries(requests).at(-1)?.criteria).toBe(JSON.stringify([{ field: 'status', value: 'WITHDRAWN' }])),
    );
    await chooseOption(screen.getByLabelText('Filter by approver'), 'Agus Approver');
    await waitFor(() => expect(listQueries(requests).at(-1)?.approverId).toBe('3'));

    fireEvent.click(screen.getByText('Add Request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/lead-approval/add'));
  });

  it('hides Add without write access', async () => {
    await start('/system/lead-approval', READ);
    expect(await screen.findByText('#1 Hold')).toBeInTheDocument();
    expect(screen.queryByText('Add Request')).not.toBeInTheDocument();
  });
});

describe('A lead request', () => {
  it('shows the request and its timeline, and withdraws it with a required reason', async () => {
    let current = detail();
    const { requests } = await start('/system/lead-approval/1/edit', FULL, (req, url) => {
      if (url.pathname === '/api/lead-approval/1' && req.method === 'GET') return json(200, { results: current });
      if (url.pathname === '/api/lead-approval/1/withdraw') {
        current = detail({
          request: { ...HOLD, status: 'WITHDRAWN' },
          timeline: { ...timeline, status: 'WITHDRAWN', withdrawnByName: 'Adi Nugroho', withdrawReason: 'Raised by mistake' },
          canWithdraw: false,
        });
        return json(200, { results: current });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Request #1' })).toBeInTheDocument();
    expect(await screen.findByText('Team leader')).toBeInTheDocument(); // the timeline's layers
    fireEvent.click(buttonByText('Withdraw'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Withdraw request')).toBeInTheDocument();
    expect(buttonByText('Withdraw', dialog)).toBeDisabled(); // the reason is required
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Raised by mistake' } });
    fireEvent.click(buttonByText('Withdraw', dialog));
    expect(await screen.findByText('The request has been withdrawn.')).toBeInTheDocument();
    const sent = requests.find((r) => new URL(r.url).pathname === '/api/lead-approval/1/withdraw')!;
    expect(await sent.json()).toEqual({ reason: 'Raised by mistake' });
    expect(await screen.findByText('Withdrawn by Adi Nugroho')).toBeInTheDocument();
    expect(screen.getByText('Raised by mistake')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument());
  });

  it('shows the server refusal of a decided request', async () => {
    await start('/system/lead-approval/1/edit', FULL, (req, url) => {
      if (url.pathname === '/api/lead-approval/1' && req.method === 'GET') return json(200, { results: detail() });
      if (url.pathname === '/api/lead-approval/1/withdraw') {
        return json(409, {
          messages: ['This request is already approved: only a pending request can be withdrawn.'],
          type: 'RequestFinished',
        });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByText('Withdraw'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Too late' } });
    fireEvent.click(buttonByText('Withdraw', dialog));
    expect(
      await screen.findByText('This request is already approved: only a pending request can be withdrawn.'),
    ).toBeInTheDocument();
  });

  it('offers no Withdraw without edit access', async () => {
    await start('/system/lead-approval/1/edit', READ, (_req, url) =>
      url.pathname === '/api/lead-approval/1' ? json(200, { results: detail({ canWithdraw: false }) }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Request #1' })).toBeInTheDocument();
    expect(screen.queryByText('Withdraw')).not.toBeInTheDocument();
  });
});

describe('Add Lead Approval', () => {
  it('sends the request on behalf of the lead\'s sales person', async () => {
    const { requests, router } = await start('/system/lead-approval/add', FULL, (req, url) => {
      if (url.pathname === '/api/leads/list') {
        return json(200, {
          results: {
            data: [{ id: 55, projectName: 'Core Banking', clientName: 'PT Maju', salesFullname: 'Sari Dewi' }],
            totalRows: 1,
          },
        });
      }
      if (url.pathname === '/api/lead-approval' && req.method === 'POST') {
        return json(200, {
          results: { approvalId: 9, workflowId: 'w', status: 'PENDING', message: "Your request to hold 'Core Banking' (PT Maju) was sent to Agus Approver." },
        });
      }
      if (url.pathname === '/api/lead-approval/9') return json(200, { results: detail({ request: registerRow(9) }) });
      if (url.pathname === '/api/leads/55/approval-requests/route-preview') {
        return req.clone().json().then((body: { requestType: string }) =>
          json(200, { results: routePreview({ pipelineName: `${body.requestType} pipeline` }) }));
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Add Lead Approval Request' })).toBeInTheDocument();
    await chooseOption(screen.getByLabelText('Lead'), 'Core Banking (PT Maju) · Sari Dewi');
    expect(screen.queryByTestId('route-layer')).toBeNull();
    await chooseOption(screen.getByLabelText('Request'), 'Close Lead');
    expect(await screen.findByText('Approval route: CLOSE_LEAD pipeline v2')).toBeInTheDocument();
    // another request: its route is read again
    await chooseOption(screen.getByLabelText('Request'), 'Hold Lead');
    expect(await screen.findByText('Approval route: HOLD_LEAD pipeline v2')).toBeInTheDocument();
    expect(screen.getByText('Skipped: GP 800 M < 1 B')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Asked by phone' } });
    fireEvent.click(buttonByText('Send Request'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/lead-approval/9/edit'));
    const sent = requests.find((r) => new URL(r.url).pathname === '/api/lead-approval' && r.method === 'POST')!;
    expect(await sent.json()).toEqual({ leadId: 55, requestType: 'HOLD_LEAD', targetStageId: null, notes: 'Asked by phone' });
  });
});

describe('PCS Approval', () => {
  it('lists cost sheet requests and previews one: its sheet, layers and PDF', async () => {
    const pcsRow = registerRow(5, { requestType: 'PCS', requestTypeLabel: 'Cost sheet', revision: 2 });
    URL.createObjectURL = vi.fn(() => 'blob:register-pdf');
    URL.revokeObjectURL = vi.fn();
    const { requests, router } = await start('/system/pcs-approval', FULL, (_req, url) => {
      if (url.pathname === '/api/pcs-approval') return json(200, { results: { data: [pcsRow], totalRows: 1 } });
      if (url.pathname === '/api/pcs-approval/5') {
        return json(200, {
          results: {
            ...detail({ request: pcsRow }),
            sheet: {
              revisionBatch: 2,
              status: 'WAITING_FOR_APPROVAL',
              remark: 'Second costing',
              totalRevenue: 30000000,
              totalCost: 12000000,
              grossProfit: 18000000,
              grossProfitMargin: 60,
              items: 3,
            },
          },
        });
      }
      if (url.pathname === '/api/leads/105/pcs-pdf') {
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByText('#5 Cost sheet, revision 2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/pcs-approval/5'));
    expect(await screen.findByText('Second costing')).toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByText('Team leader')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('iframe[title="Project Cost Sheet PDF"]')).toHaveAttribute('src', 'blob:register-pdf'),
    );
    const pdf = requests.map((r) => new URL(r.url)).find((u) => u.pathname === '/api/leads/105/pcs-pdf')!;
    expect(pdf.searchParams.get('revisionBatch')).toBe('2');
    expect(buttonByText('Withdraw')).toBeInTheDocument();
  });
});
