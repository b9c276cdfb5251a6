import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonByText } from '@/test/antd-helpers';
import { json, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { NOTE_REQUIRED, ApprovalLinkPage } from './approval-link-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/approval/mail/:token', Component: ApprovalLinkPage },
];

const link = (action: 'APPROVED' | 'REJECTED') => ({
  approvalId: 41,
  action,
  requestType: 'HOLD_LEAD',
  requestTypeLabel: 'Hold',
  request: "hold 'Core Banking' (PT Maju)",
  projectName: 'Core Banking',
  clientName: 'PT Maju',
  requestedByName: 'Sari Dewi',
  requestedAt: '2026-01-05T14:05:00',
  notes: 'Client froze budgets',
  layerName: 'Commercial review',
  layerNumber: 1,
  layerCount: 2,
  approverName: 'Hendra Gunawan',
  expiresAt: '2026-01-08T14:05:00',
  noteRequired: action === 'REJECTED',
});

const PATH = '/api/approval-links/tok-123456789012345678901';

/** The page signed out (no session), the link's calls answered by `describe` and `decide`. */
async function start(action: 'APPROVED' | 'REJECTED', decide?: ApiHandler, describe?: ApiHandler) {
  const bodies: unknown[] = [];
  const decided = action === 'APPROVED' ? 'approved' : 'rejected';
  const requests = stubApi(null, (req, url) => {
    if (url.pathname !== PATH) return undefined;
    if (req.method === 'GET') return describe?.(req, url) ?? json(200, { results: link(action) });
    return req
      .clone()
      .json()
      .then(async (body: unknown) => {
        bodies.push(body);
        return (
          (await decide?.(req, url)) ??
          json(200, {
            results: { approvalId: 41, action, outcome: action, status: action, message: `'Sari Dewi' request has been ${decided} successfully.` },
          })
        );
      });
  });
  const app = await renderRoutes(pages, '/approval/mail/tok-123456789012345678901', { frame: 'public' });
  return { bodies, requests, ...app };
}

describe('ApprovalLinkPage', () => {
  it('shows what the link will approve and decides only once confirmed', async () => {
    const { bodies, requests } = await start('APPROVED');
    expect(await screen.findByText('Approve this request?')).toBeInTheDocument();
    for (const text of ['Core Banking', 'PT Maju', 'Sari Dewi', 'Client froze budgets', 'Commercial review (1 of 2)', 'Hold']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Hendra Gunawan')).toBeInTheDocument();
    // opening the page asked only what the link is: nothing decided yet
    expect(requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === PATH)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Fine by me' } });
    fireEvent.click(buttonByText('Confirm approval'));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText("'Sari Dewi' request has been approved successfully.")).toBeInTheDocument();
    expect(bodies).toEqual([{ note: 'Fine by me' }]);
  });

  it('asks a rejection for its description before sending it', async () => {
    const { bodies } = await start('REJECTED');
    expect(await screen.findByText('Reject this request?')).toBeInTheDocument();
    fireEvent.click(buttonByText('Confirm rejection'));
    expect(await screen.findByText(NOTE_REQUIRED)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Budget is not frozen' } });
    fireEvent.click(buttonByText('Confirm rejection'));
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ note: 'Budget is not frozen' }]);
  });

  it("keeps the form when the server refuses the note, with the server's words", async () => {
    await start('REJECTED', () => json(422, { messages: ['The description cannot exceed 1024 characters.'], type: 'NoteTooLong' }));
    await screen.findByText('Reject this request?');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(buttonByText('Confirm rejection'));
    expect(await screen.findByText('The description cannot exceed 1024 characters.')).toBeInTheDocument();
    expect(buttonByText('Confirm rejection')).toBeInTheDocument();
  });

  it('says a decision that could not be confirmed in time was received', async () => {
    await start('APPROVED', () =>
      json(202, { results: { approvalId: 41, action: 'APPROVED', outcome: 'PROCESSING', status: 'PENDING', message: 'Your decision was received and will be applied shortly.' } }),
    );
    await screen.findByText('Approve this request?');
    fireEvent.click(buttonByText('Confirm approval'));
    expect(await screen.findByText('Decision received')).toBeInTheDocument();
    expect(screen.getByText('Your decision was received and will be applied shortly.')).toBeInTheDocument();
  });

  it('explains a link that cannot be used, in the server words, and offers the queue', async () => {
    const used = 'This approval link has already been used: the decision it carried was made. Nothing was changed.';
    const { router } = await start('APPROVED', undefined, () => json(409, { messages: [used], type: 'LinkUsed' }));
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
    expect(screen.getByText(used)).toBeInTheDocument();
    expect(screen.queryByText(/Confirm/)).not.toBeInTheDocument();
    fireEvent.click(buttonByText('Open the approval queue'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/approval/mail/tok-123456789012345678901'));
  });

  it('explains a refusal at confirmation (the request decided meanwhile) instead of the form', async () => {
    await start('APPROVED', () => json(409, { messages: ['This request is already approved. Nothing was changed.'], type: 'LinkStale' }));
    await screen.findByText('Approve this request?');
    fireEvent.click(buttonByText('Confirm approval'));
    expect(await screen.findByText('This request is already approved. Nothing was changed.')).toBeInTheDocument();
    expect(screen.getByText('This link cannot be used')).toBeInTheDocument();
  });
});
