import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { StageManagementPage } from './stage-management-page';
import { StageAddPage, StageEditPage } from './stage-form-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/stage-management', Component: StageManagementPage },
  { path: '/system/stage-management/add', Component: StageAddPage },
  { path: '/system/stage-management/edit/:stageId', Component: StageEditPage },
];

const stages = [
  {
    id: 1, stageName: 'E1', stageDescription: 'Found', needsApproval: false, pipeline: 'LEAD', previousStage: null,
    nextStage: 2, seqNumber: 1, slug: 'found', requiredFields: [],
  },
  {
    id: 2, stageName: 'E2', stageDescription: 'Connected', needsApproval: true, pipeline: 'LEAD', previousStage: 1,
    nextStage: null, seqNumber: 2, slug: 'connected',
    requiredFields: [{ field: 'personInCharges', label: 'Person in Charge' }],
  },
  {
    id: 7, stageName: 'E7', stageDescription: 'Closed', needsApproval: true, pipeline: 'LEAD', previousStage: 2,
    nextStage: null, seqNumber: 7, slug: 'closed', requiredFields: [],
  },
];

const catalogue = [
  { field: 'personInCharges', label: 'Person in Charge' },
  { field: 'decisionMaker', label: 'Decision Maker' },
  { field: 'proposalFile', label: 'Proposal' },
];

function stub(handler: ApiHandler) {
  return stubApi(
    makeSession({
      pageAccess: { 'system/stage-management': FULL },
      routes: [...makeSession().routes, '/system/stage-management'],
    }),
    (req, url) => {
      if (url.pathname === '/api/stages' && req.method === 'GET') return json(200, { results: stages });
      if (url.pathname === '/api/stages/requirement-catalogue') return json(200, { results: catalogue });
      return handler(req, url);
    },
  );
}

describe('StageManagementPage', () => {
  it('lists the stages with the fields each requires and opens the add and edit pages', async () => {
    setToken('a');
    stub(() => undefined);
    const { router } = await renderRoutes(pages, '/system/stage-management');
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    const e2 = screen.getByText('Connected').closest('tr')!;
    expect(within(e2).getByText('Person in Charge')).toBeInTheDocument();
    expect(within(screen.getByText('Found').closest('tr')!).getByText('None')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Edit E2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/stage-management/edit/2'));
    await router.navigate('/system/stage-management');
    fireEvent.click(await screen.findByText('Add Stage'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/stage-management/add'));
  });
});

describe('StageFormPage', () => {
  it('adds a stage with its position, approval and required fields (POST /stages)', async () => {
    setToken('a');
    const requests = stub((req, url) => {
      if (url.pathname === '/api/stages' && req.method === 'POST') {
        return req.clone().json().then((body) =>
          json(200, { results: { ...body, id: 9, pipeline: 'LEAD', previousStage: null, nextStage: null, slug: 'negotiation', requiredFields: [] } }),
        );
      }
      return undefined;
    });
    const { router } = await renderRoutes(pages, '/system/stage-management/add');
    expect(await screen.findByRole('heading', { name: 'Add Stage' })).toBeInTheDocument();
    // The positions in use are shown to choose from.
    expect(await screen.findByText('7 · E7 Closed')).toBeInTheDocument();

    fireEvent.click(buttonByText('Add Stage'));
    expect(await screen.findByText('Please enter the stage name.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'e8' } });
    fireEvent.change(screen.getByLabelText('Description', { selector: 'input' }), { target: { value: ' Negotiation ' } });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: '6' } });
    fireEvent.click(screen.getByLabelText('Needs approval'));
    await chooseOption(screen.getByLabelText('Required fields'), 'Decision Maker');
    await chooseOption(screen.getByLabelText('Required fields'), 'Proposal');
    fireEvent.click(buttonByText('Add Stage'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/system/stage-management'));
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/stages')!;
    expect(await post.json()).toEqual({
      stageName: 'E8',
      stageDescription: 'Negotiation',
      seqNumber: 6,
      needsApproval: true,
      requiredFields: ['decisionMaker', 'proposalFile'],
    });
    expect(await screen.findByText("Stage 'E8 Negotiation' has been added successfully.")).toBeInTheDocument();
  });

  it('shows the server refusing a stage', async () => {
    setToken('a');
    stub((req, url) => {
      if (url.pathname === '/api/stages' && req.method === 'POST') {
        return json(409, { messages: ['A stage named E2 already exists.'], type: 'Conflict' });
      }
      return undefined;
    });
    await renderRoutes(pages, '/system/stage-management/add');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'E2' } });
    fireEvent.change(screen.getByLabelText('Description', { selector: 'input' }), { target: { value: 'Again' } });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: '3' } });
    fireEvent.click(buttonByText('Add Stage'));
    expect(await screen.findByText('A stage named E2 already exists.')).toBeInTheDocument();
  });

  it('edits a stage with PUT /stages, required fields included', async () => {
    setToken('a');
    const requests = stub((req, url) => {
      if (url.pathname === '/api/stages' && req.method === 'PUT') {
        return req.clone().json().then((body) => json(200, { results: { ...stages[1], ...body, requiredFields: [] } }));
      }
      return undefined;
    });
    const { router } = await renderRoutes(pages, '/system/stage-management/edit/2');
    expect(await screen.findByRole('heading', { name: 'Edit Stage E2' })).toBeInTheDocument();
    const description = screen.getByLabelText('Description', { selector: 'input' });
    await waitFor(() => expect(description).toHaveValue('Connected'));
    expect(screen.getByLabelText('Name')).toBeDisabled();
    fireEvent.change(description, { target: { value: 'Connected & qualified' } });
    fireEvent.click(screen.getByLabelText('Needs approval'));
    await chooseOption(screen.getByLabelText('Required fields'), 'Decision Maker');
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/stage-management'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({
      id: 2,
      stageDescription: 'Connected & qualified',
      seqNumber: 2,
      needsApproval: false,
      requiredFields: ['personInCharges', 'decisionMaker'],
      previousStage: 1,
      nextStage: null,
    });
    expect(await screen.findByText("Stage 'E2 Connected & qualified' has been updated successfully.")).toBeInTheDocument();
  });
});
