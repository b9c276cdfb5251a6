import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Modal } from 'antd';
import { DialogHost } from '@/components/dialogs';
import { createQueryClient } from '@/lib/query-client';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { json, type ApiHandler } from '@/test/render-app';
import { RequestApprovalButton } from './request-approval-button';

const stages = [
  { id: 1, stageName: 'E1', stageDescription: 'Found', needsApproval: false, pipeline: 'LEADS', previousStage: null, nextStage: 2, seqNumber: 1 },
  { id: 2, stageName: 'E2', stageDescription: 'Connected', needsApproval: true, pipeline: 'LEADS', previousStage: 1, nextStage: null, seqNumber: 2 },
];

afterEach(() => Modal.destroyAll());

function setup(answer: ApiHandler) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request.clone());
      const url = new URL(request.url);
      if (url.pathname === '/api/leads/filter-options') {
        return json(200, { results: { stages, statuses: [], salesPersons: [] } });
      }
      return (await answer(request, url)) ?? json(404, { messages: ['Not found'] });
    }),
  );
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <DialogHost />
        <RequestApprovalButton leadId={42} currentStageId={1} />
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
    const { requests, invalidate } = setup(() => json(200, { results: { approvalId: 5, workflowId: 'w', status: 'WAITING' } }));
    const box = await choose('Hold');
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'x'.repeat(1025) } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'Budget frozen' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('The hold lead request has been sent for approval.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/leads/42/approval-requests');
    expect(await post.json()).toEqual({ requestType: 'HOLD_LEAD', notes: 'Budget frozen' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
  });

  it('asks for the target stage of a stage change and shows the server message', async () => {
    const { requests } = setup(() =>
      json(409, { messages: ['This lead already has a request waiting for approval.'], type: 'Conflict' }),
    );
    const box = await choose('Request stage change');
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();
    await chooseOption(within(box).getByLabelText('Target stage'), 'E2 Connected');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await within(box).findByText('This lead already has a request waiting for approval.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ requestType: 'CHANGE_LEAD_STAGE', notes: null, targetStageId: 2 });
  });
});
