import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, versionedSave, type ApiHandler } from '@/test/render';
import type { PipelineIn } from '../api/types';
import { routePreview } from '@/test/approval-route';
import { conditionalPipeline, people, pipeline } from '../test-fixtures';
import { LAYERS_HINT, LAYERS_HINT_PHONE, ApprovalPipelineFormPage, PcsApprovalPipelineFormPage } from './pipeline-form-page';
import { ApprovalPipelineListPage, PcsApprovalPipelineListPage } from './pipeline-list-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/approval-pipeline', Component: ApprovalPipelineListPage },
  { path: '/system/approval-pipeline/add', Component: ApprovalPipelineFormPage },
  { path: '/system/approval-pipeline/edit/:pipelineId', Component: ApprovalPipelineFormPage },
  { path: '/system/pcs-approval-pipeline', Component: PcsApprovalPipelineListPage },
  { path: '/system/pcs-approval-pipeline/add', Component: PcsApprovalPipelineFormPage },
  { path: '/system/pcs-approval-pipeline/edit/:pipelineId', Component: PcsApprovalPipelineFormPage },
];

afterEach(() => Modal.destroyAll());

const saves = (requests: Request[]) =>
  requests.filter((r) => r.method !== 'GET' && new URL(r.url).pathname === '/api/approval-pipelines');
const checks = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/approval-pipelines/check');

async function start(path: string, save?: ApiHandler, check?: ApiHandler, detail = () => pipeline(1), extra?: ApiHandler) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/approval-pipeline': FULL },
    routes: [...makeSession().routes, '/system/approval-pipeline'],
  });
  const requests = stubApi(session, async (req, url) => {
    const custom = await extra?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/approval-pipelines/people') return json(200, { results: people });
    if (url.pathname === '/api/approval-pipelines' && req.method === 'GET') {
      return json(200, { results: [pipeline(1), pipeline(2, { salesPersons: [{ id: 7, fullname: 'Sari Dewi' }] })] });
    }
    if (url.pathname === '/api/approval-pipelines/1' && req.method === 'GET') return json(200, { results: detail() });
    if (url.pathname === '/api/approval-pipelines/check' && req.method === 'POST') {
      return Promise.resolve(check?.(req, url)).then(
        (answer) => answer ?? json(200, { results: { conflicts: [], messages: [] } }),
      );
    }
    if (url.pathname === '/api/approval-pipelines' && (req.method === 'POST' || req.method === 'PUT')) {
      return Promise.resolve(save?.(req, url)).then(
        (answer) => answer ?? json(200, { results: pipeline(9, { name: 'Hold approval', version: 1 }) }),
      );
    }
    return undefined;
  });
  const app = await renderRoutes(pages, path);
  return { requests, ...app };
}

function errorList(): string[] {
  return [...document.querySelectorAll('.pipeline-errors li')].map((li) => li.textContent ?? '');
}

async function pickApprover(name: string) {
  await chooseOption(screen.getByLabelText('Approvers'), name);
  // close the multiple-select dropdown
  fireEvent.keyDown(screen.getByLabelText('Approvers'), { key: 'Escape' });
}

describe('PipelineFormPage', () => {
  it('validates on the client like the server', async () => {
    const { requests } = await start('/system/approval-pipeline/add');
    await screen.findByLabelText('Pipeline name');
    expect(screen.getByText('Leave empty to apply this pipeline to every sales person.')).toBeInTheDocument();
    fireEvent.click(buttonByText('Save'));
    await waitFor(() =>
      expect(errorList()).toEqual([
        'Please enter the pipeline name.',
        'Layer 1 needs a name.',
        'Layer 1 (unnamed) needs at least one approver.',
      ]),
    );
    // Removing the only layer asks for one.
    fireEvent.click(buttonByText('Remove layer'));
    await waitFor(() => expect(errorList()).toContain('A pipeline needs at least one layer.'));
    expect(saves(requests)).toHaveLength(0);
  });

  it('posts the layers in node order', async () => {
    const { requests, router } = await start('/system/approval-pipeline/add');
    fireEvent.change(await screen.findByLabelText('Pipeline name'), { target: { value: 'Hold approval' } });
    await chooseOption(screen.getByLabelText('Action type'), 'Hold Lead');

    fireEvent.change(screen.getByLabelText('Layer name'), { target: { value: 'Team leader' } });
    await pickApprover('Agus Approver');

    fireEvent.click(screen.getByLabelText('Add layer'));
    await waitFor(() => expect(screen.getAllByTestId('pipeline-layer-node')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Layer name'), { target: { value: 'Director' } });
    await chooseOption(screen.getByLabelText('Mode'), 'In Sequence');
    await pickApprover('Budi Approver');
    await pickApprover('Agus Approver');
    // In Sequence: the order of approvers matters and can be changed.
    fireEvent.click(screen.getByLabelText('Move Agus Approver up'));
    const order = within(screen.getByLabelText('Approver order'));
    expect(order.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1.Agus Approver', '2.Budi Approver']);

    // Director moves before Team leader.
    fireEvent.click(screen.getByLabelText('Move layer earlier'));
    const nodes = screen.getAllByTestId('pipeline-layer-node');
    expect(nodes[0]).toHaveAttribute('aria-label', 'Layer 1: Director');

    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const post = saves(requests)[0];
    expect(await post.json()).toEqual({
      name: 'Hold approval',
      pipelineActionType: 'HOLD_LEAD',
      salesPersons: [],
      layers: [
        { name: 'Director', mode: 'IN_SEQUENCE', minApprovals: 1, approvers: [3, 4], conditions: [] },
        { name: 'Team leader', mode: 'ANY_USER', minApprovals: 1, approvers: [3], conditions: [] },
      ],
    });
    expect(await screen.findByText("'Hold approval' has been saved as version 1.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/approval-pipeline'));
  });

  it('puts the layers hint beside the title on a desktop', async () => {
    await start('/system/approval-pipeline/add');
    await screen.findByLabelText('Pipeline name');
    expect(screen.getByText(LAYERS_HINT).closest('.ant-card-extra')).not.toBeNull();
  });

  it('lists the layers top to bottom on a phone and edits one in a sheet', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      await start('/system/approval-pipeline/edit/1');
      expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
      const hint = screen.getByText(LAYERS_HINT_PHONE);
      expect(hint.closest('.ant-card-extra')).toBeNull();
      expect(document.querySelector('.pipeline-designer__canvas')).toBeNull();
      const rows = screen.getAllByTestId('pipeline-layer-row');
      expect(rows.length).toBeGreaterThan(0);
      // the first layer is selected, but no sheet covers the page until a layer is tapped
      expect(screen.queryByLabelText('Layer name')).not.toBeInTheDocument();
      fireEvent.click(rows[0]);
      const name = await screen.findByLabelText('Layer name');
      expect(name.closest('.pipeline-layer-sheet')).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Move layer later' }).querySelector('.anticon-arrow-down')).not.toBeNull();
    } finally {
      window.innerWidth = width;
    }
  });

  it("shows the server's 422 messages", async () => {
    await start('/system/approval-pipeline/edit/1', () =>
      json(422, { messages: ['Every approver and sales person must be an active user.'], type: 'ValidationFailed' }),
    );
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(errorList()).toEqual(['Every approver and sales person must be an active user.']));
  });

  it('warns before saving when another pipeline already covers a chosen sales person, asking after the edits settle', async () => {
    const overlap = "Sari Dewi is already covered by 'Pipeline 2' for Hold Lead.";
    const { requests } = await start('/system/approval-pipeline/edit/1', undefined, async (req) => {
      const body = (await req.json()) as { salesPersons: number[] };
      return json(200, {
        results: body.salesPersons.includes(7)
          ? { conflicts: [{ salesPersonId: 7, salesPersonName: 'Sari Dewi', pipelineId: 2, pipelineName: 'Pipeline 2' }], messages: [overlap] }
          : { conflicts: [], messages: [] },
      });
    });
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    await waitFor(() => expect(checks(requests)).toHaveLength(1));
    expect(await checks(requests)[0].json()).toEqual({
      id: 1,
      name: 'Pipeline 1',
      pipelineActionType: 'HOLD_LEAD',
      salesPersons: [],
      layers: [],
    });
    expect(screen.queryByText(overlap)).not.toBeInTheDocument();

    await chooseOption(screen.getByLabelText('Sales people'), 'Tono Sales');
    await chooseOption(screen.getByLabelText('Sales people'), 'Sari Dewi');
    const alert = (await screen.findByText(overlap)).closest('.ant-alert')!;
    expect(alert).toHaveClass('ant-alert-warning');
    expect(alert).toHaveTextContent('Saving this pipeline would be refused:');
    // Asked again with both people, sorted (two quick picks usually make one question, never one per render).
    expect(checks(requests).length).toBeLessThanOrEqual(3);
    expect((await checks(requests).at(-1)!.json()).salesPersons).toEqual([7, 8]);
    expect(saves(requests)).toHaveLength(0);
  });

  it("shows the server's 409 when the save is refused for an overlap after all", async () => {
    const overlap = "Sari Dewi is already covered by 'Pipeline 2' for Hold Lead.";
    await start(
      '/system/approval-pipeline/edit/1',
      () => json(409, { messages: [overlap], type: 'PipelineOverlap' }),
      () => json(200, { results: { conflicts: [], messages: [overlap] } }),
    );
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    expect(await screen.findByText(overlap)).toBeInTheDocument(); // the warning first
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(errorList()).toEqual([overlap]));
    expect(screen.getAllByText(overlap)).toHaveLength(1);
  });
});

describe('PipelineFormPage: a save over someone else’s newer version', () => {
  it('says so, and reloads their version to start again from it', async () => {
    const stale = "The pipeline 'Pipeline 1' was changed by someone else since you opened it. Reload it to see their changes.";
    let current = pipeline(1);
    const { requests } = await start(
      '/system/approval-pipeline/edit/1',
      (req) => versionedSave(req, current, stale, { ...current, version: current.version + 1 }),
      undefined,
      () => current,
    );
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    current = pipeline(1, { name: 'Their pipeline', version: 3 }); // another administrator saves meanwhile
    fireEvent.change(screen.getByLabelText('Pipeline name'), { target: { value: 'My pipeline' } });
    fireEvent.click(buttonByText('Save'));
    const alert = (await screen.findByText(stale)).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('Not saved: someone else changed it')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: /Reload/ }));
    expect(await screen.findByDisplayValue('Their pipeline')).toBeInTheDocument();
    expect(screen.queryByText(stale)).toBeNull();
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText("'Their pipeline' has been saved as version 4.")).toBeInTheDocument();
    const bodies = (await Promise.all(saves(requests).map((r) => r.clone().json()))) as { version: number; name: string }[];
    expect(bodies.map((b) => [b.version, b.name])).toEqual([
      [2, 'My pipeline'],
      [3, 'Their pipeline'],
    ]);
  });
});

describe('PipelineFormPage: layer conditions', () => {
  const clients = [
    { id: 12, clientName: 'PT Maju' },
    { id: 13, clientName: 'PT Sinar' },
  ];
  const masterData: ApiHandler = (_req, url) =>
    url.pathname === '/api/master-data/clients' ? json(200, { results: clients }) : undefined;

  /** The conditions shown on each layer's node ('' for a layer without any). */
  const nodeConditions = () =>
    screen.getAllByTestId('pipeline-layer-node').map((n) => n.querySelector('[data-testid="layer-conditions"]')?.textContent ?? '');

  it('builds a layer’s conditions with the rule builder, shows them on its node and sends them on save', async () => {
    const { requests } = await start('/system/approval-pipeline/add', undefined, undefined, undefined, masterData);
    fireEvent.change(await screen.findByLabelText('Pipeline name'), { target: { value: 'Hold approval' } });
    fireEvent.change(screen.getByLabelText('Layer name'), { target: { value: 'Team leader' } });
    await pickApprover('Agus Approver');
    expect(screen.getByText('Without conditions the layer applies to every request.')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Add layer'));
    await waitFor(() => expect(screen.getAllByTestId('pipeline-layer-node')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Layer name'), { target: { value: 'Board' } });
    await pickApprover('Budi Approver');
    // a first row: GP at least an amount in rupiah, the operators those of an amount
    fireEvent.click(buttonByText('Add condition'));
    expect(screen.getByText('All conditions must hold for this layer to apply.')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Condition 1 operator'));
    const ops = await waitFor(() => {
      const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
      const found = [...(open?.querySelectorAll('.ant-select-item-option') ?? [])];
      if (found.length !== 4) throw new Error('the operators are not shown');
      return found;
    });
    expect(ops.map((o) => o.textContent)).toEqual(['≥ at least', '> more than', '< less than', '≤ at most']);
    fireEvent.keyDown(screen.getByLabelText('Condition 1 operator'), { key: 'Escape' });
    fireEvent.change(screen.getByLabelText('Condition 1 amount'), { target: { value: '1.000.000.000' } });
    // a second row: the client, one of a list of the clients
    fireEvent.click(buttonByText('Add condition'));
    await chooseOption(screen.getByLabelText('Condition 2 fact'), 'Client');
    expect(screen.queryByLabelText('Condition 2 amount')).not.toBeInTheDocument();
    await chooseOption(screen.getByLabelText('Condition 2 choices'), 'PT Maju');
    // a third, removed again
    fireEvent.click(buttonByText('Add condition'));
    fireEvent.click(screen.getByLabelText('Remove condition 3'));
    expect(screen.getAllByTestId('layer-condition')).toHaveLength(2);

    expect(nodeConditions()).toEqual(['', 'Only when GP >= 1 B and client in PT Maju']);
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const body = (await saves(requests)[0].json()) as PipelineIn;
    expect(body.layers?.map((l) => l.conditions)).toEqual([
      [],
      [
        { fact: 'GP', op: '>=', amount: 1_000_000_000 },
        { fact: 'CLIENT', op: 'IN', ids: [12] },
      ],
    ]);
  });

  it('offers as a team only the people someone reports to', async () => {
    const leader = { id: 9, fullname: 'Tari Leader', roleName: 'TL', roleDescription: 'Team Leader', canDecide: true, leadsTeam: true };
    const team: ApiHandler = (_req, url) =>
      url.pathname === '/api/approval-pipelines/people' ? json(200, { results: [...people, leader] }) : undefined;
    await start('/system/approval-pipeline/add', undefined, undefined, undefined, team);
    fireEvent.click(await screen.findByText('Add condition'));
    await chooseOption(screen.getByLabelText('Condition 1 fact'), 'Team (its leader)');
    fireEvent.mouseDown(screen.getByLabelText('Condition 1 choices'));
    const offered = await waitFor(() => {
      const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
      const found = [...(open?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent);
      if (found.length === 0) throw new Error('no choices shown');
      return found;
    });
    expect(offered).toEqual(['Tari Leader']); // approvers who lead nobody are no team
  });

  it('loads a saved pipeline’s conditions into the form and keeps them on save; shows the server’s refusal', async () => {
    const refusal = 'Layer 2 (Board): its conditions can never all hold (GP cannot be both >= 1 B and < 500 M).';
    const saved = conditionalPipeline();
    let answer: Response | undefined;
    const { requests } = await start('/system/approval-pipeline/edit/1', () => answer, undefined, () => saved, masterData);
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    expect(nodeConditions()).toEqual(['', 'Only when GP >= 1 B and client not in PT Sinar']);

    // the layer's form holds them: the amount as typed rupiah, the client by its name
    fireEvent.click(screen.getAllByTestId('pipeline-layer-node')[1]);
    expect(await screen.findByLabelText('Condition 1 amount')).toHaveValue('1.000.000.000');
    expect(within(screen.getByLabelText('Conditions')).getByText('PT Sinar')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Condition 1 amount'), { target: { value: '2.000.000.000' } });
    expect(nodeConditions()[1]).toBe('Only when GP >= 2 B and client not in PT Sinar');

    answer = json(422, { messages: [refusal], type: 'ValidationFailed' });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(errorList()).toEqual([refusal]));
    expect(screen.getAllByTestId('pipeline-layer-node')[1]).toHaveClass('is-invalid');

    answer = undefined;
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(saves(requests)).toHaveLength(2));
    const body = (await saves(requests)[1].json()) as PipelineIn;
    expect(body.layers?.[1].conditions).toEqual([
      { fact: 'GP', op: '>=', amount: 2e9 },
      { fact: 'CLIENT', op: 'NOT_IN', ids: [13] },
    ]);
  });
});

describe('PipelineFormPage: try on a lead', () => {
  const leads = {
    data: [{ id: 55, projectName: 'Core Banking', clientName: 'PT Maju', salesFullname: 'Sari Dewi' }],
    totalRows: 1,
  };

  it('shows the route of the pipeline as drawn for a chosen lead: a delegate, and a skipped layer with why', async () => {
    const { requests } = await start('/system/approval-pipeline/edit/1', undefined, undefined, undefined, (_req, url) => {
      if (url.pathname === '/api/leads/list') return json(200, { results: leads });
      if (url.pathname === '/api/approval-pipelines/route-preview') return json(200, { results: routePreview() });
      return undefined;
    });
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pipeline name'), { target: { value: 'Drawn, not saved' } });
    const show = buttonByText('Show route');
    expect(show).toBeDisabled();
    await chooseOption(screen.getByLabelText('Try on lead'), 'Core Banking (PT Maju) · Sari Dewi');
    fireEvent.click(show);

    const layers = await screen.findAllByTestId('route-layer');
    expect(layers).toHaveLength(2);
    expect(within(layers[0]).getByText('Maya Kusuma for Hendra Gunawan (out of office)')).toBeInTheDocument();
    expect(within(layers[0]).getByText(/Expected due 7-Jan-2026 14:05/)).toBeInTheDocument();
    expect(layers[1]).toHaveClass('is-skipped');
    expect(within(layers[1]).getByTestId('layer-skipped')).toHaveTextContent('Skipped: GP 800 M < 1 B');
    expect(within(layers[1]).getByTestId('layer-conditions')).toHaveTextContent('Only when GP >= 1 B');

    const tried = requests.find((r) => new URL(r.url).pathname === '/api/approval-pipelines/route-preview')!;
    const body = (await tried.json()) as { leadId: number; pipeline: PipelineIn };
    expect(body.leadId).toBe(55);
    expect(body.pipeline).toMatchObject({ id: 1, name: 'Drawn, not saved', pipelineActionType: 'HOLD_LEAD' });
    expect(saves(requests)).toHaveLength(0);
  });

  it('shows a refusal of the drawn pipeline inline', async () => {
    const refusal = 'At least one layer must have no conditions, so every request has someone to decide it.';
    await start('/system/approval-pipeline/edit/1', undefined, undefined, undefined, (_req, url) => {
      if (url.pathname === '/api/leads/list') return json(200, { results: leads });
      if (url.pathname === '/api/approval-pipelines/route-preview') return json(422, { messages: [refusal], type: 'ValidationFailed' });
      return undefined;
    });
    expect(await screen.findByDisplayValue('Pipeline 1')).toBeInTheDocument();
    await chooseOption(screen.getByLabelText('Try on lead'), 'Core Banking (PT Maju) · Sari Dewi');
    fireEvent.click(buttonByText('Show route'));
    const alert = (await screen.findByText(refusal)).closest('.ant-alert');
    expect(alert?.closest('.pipeline-try')).not.toBeNull();
  });
});

describe('PipelineListPage', () => {
  it('lists name, action type, layers, sales people and version', async () => {
    await start('/system/approval-pipeline');
    expect(await screen.findByText('Pipeline 1')).toBeInTheDocument();
    expect(screen.getAllByText('Hold Lead')).toHaveLength(2);
    expect(screen.getByText('Everyone')).toBeInTheDocument();
    expect(screen.getAllByText('v2')).toHaveLength(2);
    expect(screen.getAllByText('Remove')).toHaveLength(2);
    expect(screen.queryByTestId('pipeline-older')).not.toBeInTheDocument();
  });

  it('says how many pending requests run on an older version, and that they keep their route', async () => {
    setToken('a');
    const session = makeSession({
      pageAccess: { 'system/pcs-approval-pipeline': FULL },
      routes: [...makeSession().routes, '/system/pcs-approval-pipeline'],
    });
    stubApi(session, (req, url) =>
      url.pathname === '/api/pcs-approval-pipelines' && req.method === 'GET'
        ? json(200, { results: [pipeline(1, { pipelineActionType: 'PCS', pendingOnOlder: 2 }), pipeline(2, { pipelineActionType: 'PCS' })] })
        : undefined,
    );
    await renderRoutes(pages, '/system/pcs-approval-pipeline');
    const older = await screen.findByTestId('pipeline-older');
    expect(older).toHaveTextContent('2 pending on an older version');
    expect(screen.getAllByTestId('pipeline-older')).toHaveLength(1);
    fireEvent.mouseEnter(older);
    expect(await screen.findByText('Those requests keep the route they started with; new requests take this version.')).toBeInTheDocument();
  });
});
