import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Modal } from 'antd';
import { DialogHost } from '@/components/dialogs';
import { createQueryClient } from '@/lib/query-client';
import { buttonByText } from '@/test/antd-helpers';
import { routePreview } from '@/test/approval-route';
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

const ROUTE_PATH = '/api/leads/42/approval-requests/route-preview';

/** The request sent to the approvers (not a look at its route). */
const sentRequest = (requests: Request[]) =>
  requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/leads/42/approval-requests')!;

/** The route previews asked for, by their bodies. */
const routeBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => new URL(r.url).pathname === ROUTE_PATH).map((r) => r.clone().json()));

function setup(answer: ApiHandler, props: Partial<RequestApprovalButtonProps> = {}, route?: ApiHandler, options = stageOptions) {
  const requests = stubApi(null, async (request, url) => {
    if (url.pathname === '/api/leads/42/stage-options') return json(200, { results: options });
    if (url.pathname === ROUTE_PATH) return (await route?.(request, url)) ?? json(200, { results: routePreview() });
    return answer(request, url);
  });
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

/** Chooses a target stage in the open dialog. */
async function chooseStage(box: HTMLElement, name: string) {
  fireEvent.mouseDown(within(box).getByLabelText('Target stage'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .stage-target-option__name')]
      .find((el) => el.textContent === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  });
  fireEvent.click(option);
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
    const post = sentRequest(requests);
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
    const post = sentRequest(requests);
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
    const post = sentRequest(requests);
    expect(await post.json()).toEqual({ requestType: 'CHANGE_LEAD_STAGE', notes: null, targetStageId: 2 });
  });

  it('shows the route of the request before Confirm: who decides, a delegate, a skipped layer and why', async () => {
    const { requests } = setup(() => undefined);
    const box = await choose('Hold');
    const layers = await within(box).findAllByTestId('route-layer');
    expect(within(box).getByText('Approval route: Pipeline 1 v2')).toBeInTheDocument();
    expect(within(layers[0]).getByText('Maya Kusuma for Hendra Gunawan (out of office)')).toBeInTheDocument();
    expect(within(layers[1]).getByText('Skipped: GP 800 M < 1 B')).toBeInTheDocument();
    // the route sits before the buttons, under the description
    const route = box.querySelector('.approval-route')!;
    expect(within(box).getByLabelText('Description').compareDocumentPosition(route) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await routeBodies(requests)).toEqual([{ requestType: 'HOLD_LEAD' }]);
  });

  it('reads the route again when another stage is chosen, and none for a move without approval', async () => {
    const withE5 = { ...stageOptions, stages: [...stageOptions.stages, option(5, 'E5', 'Verification', { needsApproval: true })] };
    const { requests } = setup(
      () => undefined,
      {},
      async (request) => {
        const body = (await request.clone().json()) as { targetStageId: number };
        return json(200, { results: routePreview({ pipelineName: `Stage change to ${body.targetStageId}` }) });
      },
      withE5,
    );
    const box = await choose('Request stage change');
    // nothing to route before a stage is chosen
    expect(within(box).queryByTestId('route-layer')).toBeNull();
    await chooseStage(box, 'E2 Connected');
    expect(await within(box).findByText('Approval route: Stage change to 2 v2')).toBeInTheDocument();
    await chooseStage(box, 'E5 Verification');
    expect(await within(box).findByText('Approval route: Stage change to 5 v2')).toBeInTheDocument();
    // E3 needs no approval: it goes to nobody, so no route is shown
    await chooseStage(box, 'E3 Qualified');
    await waitFor(() => expect(within(box).queryByText(/Approval route/)).toBeNull());
    expect(await routeBodies(requests)).toEqual([
      { requestType: 'CHANGE_LEAD_STAGE', targetStageId: 2 },
      { requestType: 'CHANGE_LEAD_STAGE', targetStageId: 5 },
    ]);
  });

  it('shows a refused route’s message and still checks the dialog’s own fields', async () => {
    const refused = 'No approval pipeline applies to this sales person for this request.';
    setup(
      () => undefined,
      {},
      () => json(409, { messages: [refused], type: 'Conflict' }),
    );
    const box = await choose('Drop');
    expect(await within(box).findByText(refused)).toBeInTheDocument();
    // the description is still asked for, and Confirm follows it alone
    const confirm = buttonByText('Confirm', box);
    expect(confirm).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Description'), { target: { value: 'Lost to a competitor' } });
    expect(confirm).toBeEnabled();
  });
});
