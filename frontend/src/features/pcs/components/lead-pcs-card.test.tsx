import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setTokens } from '@/lib/api/tokens';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/render-app';
import { pcsForm, sheet } from '../test-fixtures';
import { LeadPcsCard, PCS_TOOLTIP_DELAY_S } from './lead-pcs-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
});

function show(form: ReturnType<typeof pcsForm>) {
  setTokens({ token: 't', refreshToken: 'r' });
  stubApi(null, (_req, url) => (url.pathname === '/api/leads/19/form/v2' ? json(200, { results: form }) : undefined));
  const router = createMemoryRouter(
    [
      { path: '/leads/:leadId', element: <LeadPcsCard leadId={19} /> },
      { path: '/leads/:leadId/project-cost-sheet', element: <p>The sheet</p> },
      { path: '/leads/:leadId/generate-pid', element: <p>The PID</p> },
    ],
    { initialEntries: ['/leads/19'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider wave={{ disabled: true }}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('LeadPcsCard', () => {
  it('shows the status, gross profit and margin, and opens the sheet', async () => {
    const router = show(pcsForm({ projectCostSheets: { projectCostSheet: sheet({ status: 'WAITING_FOR_APPROVAL' }), projectCostSheetHistories: [] } }));
    expect(await screen.findByText('Waiting For Approval')).toBeInTheDocument();
    expect(screen.getByText('Rp 8.000.000')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByLabelText('Approval status: Waiting For Approval')).toBeInTheDocument();
    expect(screen.queryByText('Generate PID')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Project Cost Sheet', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19/project-cost-sheet'));
  });

  it('leads to the PID screen once the sheet is approved', async () => {
    const router = show(pcsForm({ projectCostSheets: { projectCostSheet: sheet({ status: 'APPROVED' }), projectCostSheetHistories: [] } }));
    fireEvent.click(await screen.findByText('Generate PID', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19/generate-pid'));
  });

  it("says N/A without a sheet, and its tooltip waits 500 ms", async () => {
    show(pcsForm({ projectCostSheets: { projectCostSheet: null, projectCostSheetHistories: [] }, revisions: [] }));
    expect(await screen.findByText('N/A')).toBeInTheDocument();
    expect(screen.queryByText('Gross Profit')).not.toBeInTheDocument();
    expect(PCS_TOOLTIP_DELAY_S).toBe(0.5);
  });
});
