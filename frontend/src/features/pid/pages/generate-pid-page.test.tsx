import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, confirmButton } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { PID_POLL_MS, type PidOverview, type ProjectIdNumber } from '../api/pid-api';
import { GeneratePidPage } from './generate-pid-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads/:leadId/generate-pid', Component: GeneratePidPage },
];

const PATH = '/leads/19/generate-pid';

function overview(extra: Partial<PidOverview> = {}): PidOverview {
  return {
    leadId: 19,
    projectName: 'Branch WAN Rollout',
    clientName: 'Bank Nusa Mandiri',
    pcsStatus: 'APPROVED',
    approved: true,
    canGenerate: true,
    projectIdNumbers: [],
    ...extra,
  };
}

const pid = (extra: Partial<ProjectIdNumber> = {}): ProjectIdNumber => ({
  id: 3,
  pidNumber: 'NDC-2026-0007',
  createdAt: '2026-03-02T09:30:00Z',
  pdfFile: { name: 'PCS_Bank_Nusa_Mandiri_Branch_WAN_Rollout.pdf', size: 48_128, url: '/api/leads/19/project-ids/3/pdf' },
  pdfPending: false,
  ...extra,
});

async function open(handler: ApiHandler) {
  setToken('tok');
  const requests = stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), handler);
  return { ...(await renderRoutes(pages, PATH)), requests };
}

describe('GeneratePidPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows existing PIDs read-only with their PDF, and no Generate button', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:pid-pdf');
    URL.revokeObjectURL = vi.fn();
    const { requests } = await open((_, url) => {
      if (url.pathname === '/api/leads/19/project-ids') return json(200, { results: overview({ projectIdNumbers: [pid()] }) });
      if (url.pathname === '/api/leads/19/project-ids/3/pdf') {
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Generate PID Number for Branch WAN Rollout' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'PID Generator' })).toBeInTheDocument();
    const number = screen.getByLabelText('PID Number');
    expect(number).toHaveValue('NDC-2026-0007');
    expect(number).toHaveAttribute('readonly');
    expect(screen.queryByText('Generate PID', { selector: 'button *' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByText(/PCS_Bank_Nusa_Mandiri_Branch_WAN_Rollout\.pdf/));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(requests.some((r) => new URL(r.url).pathname === '/api/leads/19/project-ids/3/pdf')).toBe(true);
  });

  it('does not wait for the PDF of a PID given without a cost sheet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // a poll's interval passes when the test says so
    let polls = 0;
    await open((_, url) => {
      if (url.pathname !== '/api/leads/19/project-ids') return undefined;
      polls += 1;
      return json(200, { results: overview({ projectIdNumbers: [pid({ pdfFile: null, pdfPending: false })] }) });
    });
    expect(await screen.findByText('No PDF was generated with this PID.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PID_POLL_MS + 500));
    expect(polls).toBe(1);
  });

  it('confirms, starts the generation, shows progress and then the PID', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the polls' intervals pass when the test says so
    let started = false;
    let polls = 0;
    const { requests } = await open((req, url) => {
      if (url.pathname === '/api/leads/19/generate-pid' && req.method === 'POST') {
        started = true;
        return json(200, { results: { workflowId: 'pid-lead-19', status: 'RUNNING' } });
      }
      if (url.pathname === '/api/leads/19/project-ids') {
        if (!started) return json(200, { results: overview() });
        polls += 1;
        // first the request is in flight, then the number exists, then its PDF is stored
        const pids = polls === 1 ? [] : polls === 2 ? [pid({ pdfFile: null, pdfPending: true })] : [pid()];
        return json(200, { results: overview({ projectIdNumbers: pids }) });
      }
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Generate PID Number for Branch WAN Rollout' });
    expect(screen.getByText('No PID has been generated for this project yet.')).toBeInTheDocument();
    fireEvent.click(buttonByText('Generate PID'));

    expect((await screen.findAllByText('Generate PID ?')).length).toBeGreaterThan(0);
    expect(screen.getByText(/permanently tied to this project/)).toBeInTheDocument();
    fireEvent.click(confirmButton('Generate'));

    await waitFor(() => expect(started).toBe(true));
    expect(await screen.findByRole('status')).toHaveTextContent('Requested');
    // each poll answers the next step: in flight, the number without its PDF, then both
    for (const poll of [1, 2, 3]) {
      await act(() => vi.advanceTimersByTimeAsync(PID_POLL_MS));
      await waitFor(() => expect(polls).toBeGreaterThanOrEqual(poll));
    }
    expect(await screen.findByText('PID NDC-2026-0007 has been generated.')).toBeInTheDocument();
    expect(screen.getByLabelText('PID Number')).toHaveValue('NDC-2026-0007');
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(requests.filter((r) => r.method === 'POST').length).toBe(1);
  });

  it('cannot generate before the sheet is approved', async () => {
    await open((_, url) =>
      url.pathname === '/api/leads/19/project-ids'
        ? json(200, { results: overview({ approved: false, canGenerate: false, pcsStatus: 'WAITING_FOR_APPROVAL' }) })
        : undefined,
    );
    expect(await screen.findByText('The project cost sheet must be approved before a PID is generated.')).toBeInTheDocument();
    expect(buttonByText('Generate PID')).toBeDisabled();
    expect(screen.getByText('Project Cost Sheet', { selector: 'a' })).toHaveAttribute('href', '/leads/19/project-cost-sheet');
  });

  it("shows the server's refusal", async () => {
    await open((_, url) => {
      if (url.pathname === '/api/leads/19/generate-pid') {
        return json(409, {
          messages: ['The project cost sheet must be approved before a PID is generated.'],
          type: 'Conflict',
        });
      }
      if (url.pathname === '/api/leads/19/project-ids') return json(200, { results: overview() });
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Generate PID Number for Branch WAN Rollout' });
    fireEvent.click(buttonByText('Generate PID'));
    await screen.findAllByText('Generate PID ?');
    fireEvent.click(confirmButton('Generate'));
    expect(await screen.findByText('Oops...', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(
      screen.getByText('The project cost sheet must be approved before a PID is generated.', { selector: '.ant-modal-confirm-content' }),
    ).toBeInTheDocument();
  });

  it('Finish goes back to the lead', async () => {
    const { router } = await open((_, url) =>
      url.pathname === '/api/leads/19/project-ids' ? json(200, { results: overview({ projectIdNumbers: [pid()] }) }) : undefined,
    );
    await screen.findByRole('heading', { name: 'Generate PID Number for Branch WAN Rollout' });
    fireEvent.click(buttonByText('Finish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
  });

  it('answers a lead that is not visible', async () => {
    await open((_, url) =>
      url.pathname === '/api/leads/19/project-ids' ? json(404, { messages: ['Lead not found.'], type: 'NotFound' }) : undefined,
    );
    expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  });
});
