import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { LEAD_DETAIL_REFETCH_MS, leadQueryOptions } from '../api/leads-api';
import type { LeadDetail, LeadHistoryEntry } from '../api/types';
import { leadForm, stageOptions, waitingFor } from '../test-fixtures';
import { LeadDetailRoute } from '@/app/routing/lead-detail-route';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads/:leadId', Component: LeadDetailRoute },
  { path: '/leads/:leadId/view', Component: LeadDetailRoute },
];

const detail = (): LeadDetail => {
  const form = leadForm();
  return {
    ...form.lead,
    proposalFile: { name: 'proposal.pdf', size: 2_621_440 },
    personInCharges: form.personInCharges,
    serviceCategories: form.serviceCategories,
    payments: [{ serviceCategoryId: 7, billingDate: '2026-12-01', amount: 500_000_000 }],
    billingSchedules: [],
    projectCostSheets: { projectCostSheet: null },
    projectIdNumbers: [],
    pidNumber: ['PID-2026-001'],
  };
};

/** A history entry as the server answers it; values that need no translation read as recorded. */
const entry = (id: number, field: string, label: string, oldValue: string | null, newValue: string | null): LeadHistoryEntry => ({
  id,
  field,
  label,
  oldValue,
  newValue,
  oldLabel: oldValue,
  newLabel: newValue,
  changedBy: 'Sari Dewi',
  changedAt: '2026-11-22T03:00:00Z',
});

/** The lead's request as the approver's queue lists it (GET /approval). */
const waitingRequest = {
  approvalId: 7,
  requestType: 'CHANGE_LEAD_STAGE',
  requestedByName: 'Sari Dewi',
  clientName: 'Bank Nusa Mandiri',
  projectName: 'Core Banking',
  requestedAt: '2026-11-20T03:00:00Z',
  notes: null,
  combinedStageDescriptions: 'E3 Qualified → E4 Proposal',
  currentStageDescription: 'E3 Qualified',
  currentStage: 'E3 Qualified',
  targetStage: 'E4 Proposal',
  leadId: 19,
  layerName: 'Managers',
  processing: false,
  dueAt: null,
  forApproverName: null,
  escalated: false,
};

describe('LeadDetailPage', () => {
  it('is refetched every 10 seconds', () => {
    expect(LEAD_DETAIL_REFETCH_MS).toBe(10_000);
    expect(leadQueryOptions(1).refetchInterval).toBe(10_000);
  });

  it('shows the lead, its people, stage durations and history, and downloads a file', async () => {
    setToken('tok');
    const requests = stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (_req, url) => {
      switch (url.pathname) {
        case '/api/leads/19':
          return json(200, { results: detail() });
        case '/api/leads/19/stageDurations':
          return json(200, {
            results: [
              { stageName: 'E1', stageDescription: 'Found', enteredAt: '2026-09-03T00:00:00Z', leftAt: null, days: 79.5 },
            ],
          });
        case '/api/leads/19/history':
          return json(200, {
            results: [
              entry(2, 'decisionMaker', 'Decision Maker', null, 'CIO'),
              entry(3, 'totalGrossProfit', 'Total Gross Profit', '5014080000.00', '42600000.00'),
              entry(4, 'grossProfitMargin', 'Gross Profit Margin', '24.00', '26.79'),
              entry(5, 'expectedCloseDate', 'Expected Close Date', null, '2026-11-05'),
              entry(6, 'payments', 'Payments', '2026-12-01 500000000.00; - 0.00', null),
              { ...entry(7, 'entityId', 'Entity', '2', '3'), oldLabel: 'PT Nusantara Data Center', newLabel: 'PT Nusantara Digital Solusi' },
              { ...entry(8, 'project_id_number', 'PID', null, 'NDC-2026-0001'), changedBy: 'System' },
            ],
          });
        case '/api/leads/19/files/proposalFile':
          return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
        default:
          return undefined;
      }
    });
    URL.createObjectURL = vi.fn(() => 'blob:lead-file');
    URL.revokeObjectURL = vi.fn();
    const { router } = await renderRoutes(pages, '/leads/19/view');

    expect(await screen.findByRole('heading', { name: 'IT Strategy Assessment' })).toBeInTheDocument();
    expect(screen.getByText('E1 Found')).toBeInTheDocument();
    expect(screen.getByText('Rp 12.208.000.000')).toBeInTheDocument();
    expect(screen.getByText('Rp 2.075.360.000')).toBeInTheDocument();
    expect(screen.getByText('Rina Kartika')).toBeInTheDocument();
    expect(screen.getByText('PID-2026-001')).toBeInTheDocument();
    expect(screen.getByText('Rp 500.000.000')).toBeInTheDocument();
    expect(screen.getByText('79 days')).toHaveAttribute('data-color', 'yellow');
    expect(await screen.findByText('Decision Maker', { selector: '.ant-timeline *' })).toBeInTheDocument();
    // recorded amounts, margins and dates read as they do on the page, not as the server stores them
    expect(screen.getByText('CIO', { selector: '.history-entry__change' })).toBeInTheDocument();
    expect(screen.getByText('Rp 5.014.080.000 → Rp 42.600.000', { selector: '.history-entry__change' })).toBeInTheDocument();
    expect(screen.getByText('24% → 26,79%', { selector: '.history-entry__change' })).toBeInTheDocument();
    expect(screen.getByText('5-Nov-2026', { selector: '.history-entry__change' })).toBeInTheDocument();
    expect(screen.getByText('1-Dec-2026 Rp 500.000.000; - Rp 0 → -', { selector: '.history-entry__change' })).toBeInTheDocument();
    // the server's labels: the field's name, the names behind ids, 'System' for a change no user made
    expect(screen.getByText('PT Nusantara Data Center → PT Nusantara Digital Solusi', { selector: '.history-entry__change' })).toBeInTheDocument();
    expect(screen.getByText('PID', { selector: '.ant-timeline *' })).toBeInTheDocument();
    expect(screen.getByText(/^System ·/)).toBeInTheDocument();
    expect(await screen.findByText(/79,5 days/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Download Proposal' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const download = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/files/proposalFile')!;
    expect(download.headers.get('Authorization')).toBe('Bearer tok');

    fireEvent.click(buttonByText('Edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19/edit'));
  });

  it('says what a waiting lead waits for and links each stage to its page', async () => {
    setToken('tok');
    stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (_req, url) => {
      switch (url.pathname) {
        case '/api/leads/19':
          return json(200, { results: { ...detail(), status: 'WAITING', waitingFor: waitingFor() } });
        case '/api/leads/19/stage-options':
          return json(200, { results: stageOptions(19, 1, { 4: { needsApproval: true } }, waitingFor()) });
        case '/api/leads/19/stageDurations':
          return json(200, {
            results: [{ stageName: 'E1', stageDescription: 'Found', enteredAt: '2026-09-03T00:00:00Z', leftAt: null, days: 79.5 }],
          });
        case '/api/leads/19/history':
          return json(200, { results: [] });
        default:
          return undefined;
      }
    });
    await renderRoutes(pages, '/leads/19');

    const banner = await screen.findByTestId('waiting-for');
    expect(banner).toHaveTextContent(
      'Waiting for approval: move to E4 Proposal — layer 1 of 2 (Managers): waiting for Approver One, Approver Two',
    );
    expect(banner).toHaveTextContent('Stage change requested by Sari Dewi on');
    expect(banner).toHaveTextContent('Notes: Proposal sent to the CIO.');
    // Waiting: no new request can be asked for.
    expect(screen.getByRole('button', { name: /Request approval/ })).toBeDisabled();

    const nav = await screen.findByRole('navigation', { name: 'Stage pages' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/leads/19/found',
      '/leads/19/connected',
      '/leads/19/qualified',
      '/leads/19/proposal',
      '/leads/19/verification',
      '/leads/19/closing',
    ]);
    expect(links[0]).toHaveClass('is-current');
    // The timeline's stages open their pages too.
    await waitFor(() => expect(document.querySelector('.stage-timeline__link')).toHaveAttribute('href', '/leads/19/found'));
  });

  it("is an approver's read-only view: back to the queue, no edit, no links to screens they may not open", async () => {
    setToken('tok');
    const session = makeSession({
      routes: ['/system/approval', '/leads/:leadId/view', '/user/profile', '/user/inbox'],
      allRoutes: ['/', '/leads', '/leads/:leadId/view', '/system/approval', '/user/profile', '/user/inbox'],
      pageAccess: { 'system/approval': FULL },
    });
    const stageOptionCalls: string[] = [];
    stubApi(session, (_req, url) => {
      switch (url.pathname) {
        case '/api/leads/19':
          return json(200, { results: { ...detail(), status: 'WAITING', waitingFor: waitingFor() } });
        case '/api/leads/19/stage-options':
          stageOptionCalls.push(url.pathname);
          return json(200, { results: stageOptions(19, 1) });
        case '/api/leads/19/stageDurations':
        case '/api/leads/19/history':
          return json(200, { results: [] });
        default:
          return undefined;
      }
    });
    await renderRoutes(pages, '/leads/19/view');

    expect(await screen.findByTestId('waiting-for')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approval' })).toHaveAttribute('href', '/system/approval');
    expect(screen.queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request approval/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Project Cost Sheet', { selector: 'button span' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Stage pages' })).not.toBeInTheDocument();
    expect(stageOptionCalls).toEqual([]);
  });

  it('offers Change Owner to whoever may reassign, and an approver the decision on what waits for them', async () => {
    setToken('tok');
    const session = makeSession({
      pageAccess: { leads: FULL, 'system/assignment-monitoring': FULL, 'system/approval': FULL },
    });
    stubApi(session, (_req, url) => {
      switch (url.pathname) {
        case '/api/leads/19':
          return json(200, { results: { ...detail(), status: 'WAITING', waitingFor: waitingFor() } });
        case '/api/approval':
          return json(200, { results: { data: [waitingRequest], totalRows: 1 } });
        case '/api/assignment-monitoring/people':
          return json(200, { results: [] });
        case '/api/leads/19/stage-options':
          return json(200, { results: stageOptions(19, 1) });
        case '/api/leads/19/stageDurations':
        case '/api/leads/19/history':
          return json(200, { results: [] });
        default:
          return undefined;
      }
    });
    await renderRoutes(pages, '/leads/19');
    expect(await screen.findByRole('region', { name: 'Waiting for your decision' })).toHaveTextContent('Approve');
    fireEvent.click(screen.getByRole('button', { name: /Change Owner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Owner' });
    expect(dialog).toHaveTextContent(`${detail().projectName} belongs to ${detail().salesFullname}.`);
  });

  it('offers no Change Owner to those who may not reassign', async () => {
    setToken('tok');
    stubApi(makeSession({ pageAccess: { leads: FULL } }), (_req, url) =>
      url.pathname === '/api/leads/19' ? json(200, { results: detail() }) : undefined,
    );
    await renderRoutes(pages, '/leads/19');
    expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change Owner/ })).toBeNull();
  });
});
