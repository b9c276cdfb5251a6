import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Modal } from 'antd';
import { DialogHost } from '@/components/dialogs';
import { createQueryClient } from '@/lib/query-client';
import { buttonByText } from '@/test/antd-helpers';
import { json, stubApi, type ApiHandler } from '@/test/render';
import { RequestApprovalButton, type RequestApprovalButtonProps } from './request-approval-button';

const HOLD_SENT = "Your request to hold 'Core Banking' (Bank Nusa) was sent to Hendra Gunawan.";
const MOVE_SENT = "Your request to move 'Core Banking' (Bank Nusa) to E4 Proposal was sent to Hendra Gunawan.";

const option = (id: number, name: string, description: string, extra: object = {}) => ({
  id,
  stageName: name,
  stageDescription: description,
  seqNumber: id,
  slug: description.toLowerCase(),
  isCurrent: false,
  allowed: true,
  reason: null,
  needsApproval: false,
  requiredFields: [],
  missingFields: [],
  ...extra,
});

/** GET /leads/42/stage-options: in E1; E2 needs approval; E3 needs none; E4 lacks a proposal. */
const stageOptions = {
  leadId: 42,
  currentStageId: 1,
  status: 'NEW',
  waitingFor: null,
  stages: [
    option(1, 'E1', 'Found', { isCurrent: true, allowed: false, reason: 'The lead is already in E1 Found.' }),
    option(2, 'E2', 'Connected', {
      needsApproval: true,
      requiredFields: [{ field: 'personInCharges', label: 'Person in Charge', filled: true }],
    }),
    option(3, 'E3', 'Qualified'),
    option(4, 'E4', 'Proposal', {
      allowed: false,
      needsApproval: true,
      reason: 'Complete these fields before moving to E4 Proposal: Proposal.',
      requiredFields: [{ field: 'proposalFile', label: 'Proposal', filled: false }],
      missingFields: ['Proposal'],
    }),
  ],
};

afterEach(() => Modal.destroyAll());

function setup(answer: ApiHandler, props: Partial<RequestApprovalButtonProps> = {}) {
  const requests = stubApi(null, async (request, url) =>
    url.pathname === '/api/leads/42/stage-options' ? json(200, { results: stageOptions }) : answer(request, url));
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <DialogHost />
        <RequestApprovalButton leadId={42} {...props} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { requests, invalidate };
}

async function choose(item: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByText('Request approval'));
  fireEvent.click(await screen.findByText(item));
  return waitFor(() => {
    const box = document.querySelector<HTMLElement>('.description-dialog');
    if (!box) throw new Error('no dialog');
    return box;
  });
}

describe('RequestApprovalButton', () => {
  it('needs a description to hold and posts the request, then refreshes the leads', async () => {
    const { requests, invalidate } = setup(() =>
      json(200, { results: { approvalId: 5, workflowId: 'w', status: 'WAITING', message: HOLD_SENT } }),
    );
    const box = await choose('Hold');
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'x'.repeat(1025) } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'Budget frozen' } });
    fireEvent.click(confirm);
    // the server's words, as a person would say it
    expect(await screen.findByText(HOLD_SENT)).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/leads/42/approval-requests');
    expect(await post.json()).toEqual({ requestType: 'HOLD_LEAD', notes: 'Budget frozen' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
  });

  it('offers the allowed target stages, marks approval, shows the requirements, then the server message', async () => {
    const { requests } = setup(() =>
      json(409, { messages: ['This lead already has a request waiting for approval.'], type: 'RequestPending' }),
    );
    const box = await choose('Request stage change');
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();

    fireEvent.mouseDown(within(box).getByLabelText('Target stage'));
    const items = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
      if (found.length === 0) throw new Error('closed');
      return found;
    });
    // Not the current stage; E4 is shown but cannot be chosen, with the server's reason.
    expect(items.map((i) => i.querySelector('.stage-target-option__name')?.textContent)).toEqual([
      'E2 Connected',
      'E3 Qualified',
      'E4 Proposal',
    ]);
    expect(items[0]).toHaveTextContent('Needs approval');
    expect(items[1]).not.toHaveTextContent('Needs approval');
    expect(items[2]).toHaveClass('ant-select-item-option-disabled');
    expect(items[2]).toHaveTextContent('Complete these fields before moving to E4 Proposal: Proposal.');
    fireEvent.click(items[0]);

    // Before Confirm: what E2 requires, and that it needs approval.
    const target = await within(box).findByTestId('request-stage-target');
    expect(target).toHaveTextContent('Moving to E2 Connected needs approval: the lead moves once this request is approved.');
    expect(target.querySelector('[data-field="personInCharges"]')).toHaveAttribute('data-filled', 'true');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await within(box).findByText('This lead already has a request waiting for approval.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ requestType: 'CHANGE_LEAD_STAGE', notes: null, targetStageId: 2 });
  });

  it('moves the lead at once to a stage the server marks as needing no approval, with no request', async () => {
    const { requests } = setup((request, url) =>
      request.method === 'PUT' && url.pathname === '/api/leads/42/update/v2'
        ? json(200, { results: { stageMoved: true, approvalRequired: false, message: null, approvalId: null } })
        : undefined,
    );
    const box = await choose('Request stage change');
    fireEvent.mouseDown(within(box).getByLabelText('Target stage'));
    fireEvent.click(await screen.findByText('E3 Qualified', { selector: '.stage-target-option__name' }));

    const target = await within(box).findByTestId('request-stage-target');
    expect(target).toHaveTextContent('Moving to E3 Qualified needs no approval: the lead moves at once, without a request.');
    expect(within(box).queryByLabelText('Description')).toBeNull(); // nothing goes to the approvers
    const move = buttonByText('Move', box);
    await waitFor(() => expect(move).toBeEnabled());
    fireEvent.click(move);
    expect(await screen.findByText('The lead moved to E3 Qualified.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String((await put.formData()).get('data')))).toEqual({ stageId: 3 });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('as a stage page button asks for that one stage and shows what it lacks', async () => {
    const { requests } = setup(() => json(200, { results: { approvalId: 6, workflowId: 'w', status: 'WAITING', message: MOVE_SENT } }), {
      stageId: 4,
      label: 'Request move to E4 Proposal',
    });
    fireEvent.click(buttonByText('Request move to E4 Proposal'));
    const box = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.description-dialog');
      if (!found) throw new Error('no dialog');
      return found;
    });
    const target = await within(box).findByTestId('request-stage-target');
    expect(target.querySelector('[data-field="proposalFile"]')).toHaveClass('is-missing');
    expect(target).toHaveTextContent('Complete these fields before moving to E4 Proposal: Proposal.');
    // Not allowed: Confirm stays off and nothing is sent.
    expect(buttonByText('Confirm', box)).toBeDisabled();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('sends a stage page request for an allowed stage', async () => {
    const { requests } = setup(() => json(200, { results: { approvalId: 6, workflowId: 'w', status: 'WAITING', message: MOVE_SENT } }), {
      stageId: 2,
      label: 'Request move to E2 Connected',
    });
    fireEvent.click(buttonByText('Request move to E2 Connected'));
    const box = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.description-dialog');
      if (!found) throw new Error('no dialog');
      return found;
    });
    const confirm = buttonByText('Confirm', box);
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await screen.findByText(MOVE_SENT)).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ requestType: 'CHANGE_LEAD_STAGE', notes: null, targetStageId: 2 });
  });
});
