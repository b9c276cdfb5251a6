import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import type { PcsBrief } from '../api/types';
import { sheet } from '../test-fixtures';
import { LeadPcsCard, PCS_TOOLTIP_DELAY_S } from './lead-pcs-card';

/** The card as the lead detail shows it, with the detail's sheet and PIDs (no request of its own). */
function show(pcs: PcsBrief | null, projectIdNumbers: string[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/leads/:leadId', element: <LeadPcsCard leadId={19} sheet={pcs} projectIdNumbers={projectIdNumbers} /> },
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
    const router = show(sheet({ status: 'WAITING_FOR_APPROVAL' }));
    expect(await screen.findByText('Waiting For Approval')).toBeInTheDocument();
    expect(screen.getByText('Rp 8.000.000')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByLabelText('Approval status: Waiting For Approval')).toBeInTheDocument();
    expect(screen.queryByText('Generate PID')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Project Cost Sheet', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19/project-cost-sheet'));
  });

  it('leads to the PID screen once the sheet is approved', async () => {
    const router = show(sheet({ status: 'APPROVED' }));
    fireEvent.click(await screen.findByText('Generate PID', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19/generate-pid'));
  });

  it('says PID Numbers once the lead has a PID', async () => {
    show(sheet({ status: 'APPROVED' }), ['PID-2026-001']);
    expect(await screen.findByText('PID Numbers', { selector: 'button span' })).toBeInTheDocument();
    expect(screen.queryByText('Generate PID')).not.toBeInTheDocument();
  });

  it("says N/A without a sheet, and its tooltip waits 500 ms", async () => {
    show(null);
    expect(await screen.findByText('N/A')).toBeInTheDocument();
    expect(screen.queryByText('Gross Profit')).not.toBeInTheDocument();
    expect(PCS_TOOLTIP_DELAY_S).toBe(0.5);
  });
});
