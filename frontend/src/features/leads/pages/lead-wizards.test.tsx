import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { routePreview } from '@/test/approval-route';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { filterOptions, leadDetail, leadForm, stageOptions } from '../test-fixtures';
import { LeadCreatePage } from './lead-create-page';
import type { OwnerChangeDialogProps } from '../lib/composed';
import { LeadEditPage } from './lead-edit-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads/add', Component: LeadCreatePage },
  { path: '/leads/:leadId/edit', Component: LeadEditPage },
];

afterEach(() => Modal.destroyAll());

const session = () => makeSession({ pageAccess: { dashboard: FULL, leads: FULL } });

const contact = (id: number, fullname: string, clientId: number) => ({
  id,
  clientId,
  clientName: 'Bank Nusa Mandiri',
  fullname,
  nickname: null,
  gender: 'Female',
  position: 'Procurement Manager',
  division: null,
  email: null,
  phoneNumber: null,
  linkedin: null,
  user: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

function lookups(url: URL) {
  switch (url.pathname) {
    case '/api/leads/filter-options':
      return json(200, { results: filterOptions });
    case '/api/master-data/clients':
      return json(200, { results: [{ id: 1, clientName: 'Bank Nusa Mandiri' }, { id: 3, clientName: 'Perusahaan Gas Nusantara' }] });
    case '/api/master-data/project-types':
      return json(200, { results: [{ id: 1, projectTypeName: 'New Project' }, { id: 2, projectTypeName: 'Renewal' }] });
    case '/api/master-data/sources':
      return json(200, { results: [{ id: 5, sourceName: 'Cold Call' }] });
    case '/api/master-data/entities':
      return json(200, { results: [{ id: 1, entityName: 'PT Nusantara Digital Solusi' }] });
    case '/api/master-data/units':
      return json(200, { results: [{ id: 1, unitName: 'Enterprise Sales' }] });
    case '/api/master-data/service-category-map':
      return json(200, {
        results: [{ id: 7, serviceCategoryName: 'Hardware Procurement', subServiceCategories: [] }],
      });
    case '/api/people': {
      const criteria = JSON.parse(url.searchParams.get('criteria') ?? '[]') as Array<{ value: number }>;
      const clientId = criteria[0]?.value;
      const data = clientId === 1 ? [contact(11, 'Lina Marlina', 1), contact(12, 'Hendro Saputra', 1)] : [contact(4, 'Rina Kartika', 3)];
      return json(200, { results: { data, totalRows: data.length } });
    }
    default:
      return undefined;
  }
}

/** Opens the create wizard and goes, with a client and a project name only, to its summary. */
async function openSummaryOfNewLead() {
  await renderRoutes(pages, '/leads/add');
  await screen.findByText('A new lead starts in E1 Found unless you choose another stage.');
  await chooseOption(screen.getByLabelText('Client'), 'Bank Nusa Mandiri');
  fireEvent.click(buttonByText('Next'));
  await waitFor(() => expect(buttonByText('Back')).toBeInTheDocument());
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Refresh' } });
  fireEvent.click(buttonByText('Next'));
  await screen.findByText('Summary');
}

describe('LeadCreatePage', () => {
  it('asks for a client, then posts the chosen values and opens the new lead', async () => {
    setToken('a');
    const requests = stubApi(session(), (req, url) => {
      if (url.pathname === '/api/leads' && req.method === 'POST') {
        return json(201, { results: { ...leadForm().lead, id: 321 } });
      }
      if (url.pathname === '/api/leads/321') return json(200, { results: leadDetail({ id: 321 }) });
      return lookups(url);
    });
    const { router } = await renderRoutes(pages, '/leads/add');
    await screen.findByText('A new lead starts in E1 Found unless you choose another stage.');

    // Next is refused without a client.
    fireEvent.click(buttonByText('Next'));
    expect(await screen.findByText('Please choose client')).toBeInTheDocument();

    await chooseOption(screen.getByLabelText('Client'), 'Bank Nusa Mandiri');
    // The persons in charge are the contacts of that client.
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            new URL(r.url).pathname === '/api/people' &&
            new URL(r.url).searchParams.get('criteria') === '[{"field":"clientId","value":1}]' &&
            new URL(r.url).searchParams.get('limit') === '100',
        ),
      ).toBe(true),
    );
    await chooseOption(screen.getByLabelText('Persons in Charge'), 'Lina Marlina — Procurement Manager');
    fireEvent.click(buttonByText('Next'));

    await waitFor(() => expect(buttonByText('Back')).toBeInTheDocument());
    fireEvent.click(buttonByText('Next'));
    expect(await screen.findByText('Please enter project name')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: '  Core Banking Refresh ' } });
    await chooseOption(screen.getByLabelText('Project Type'), 'Renewal');
    await chooseOption(screen.getByLabelText('Source'), 'Cold Call');
    fireEvent.change(screen.getByLabelText('Competitor'), { target: { value: 'Datacomm' } });
    fireEvent.click(buttonByText('Next'));

    // The signed-in user (id 7) is the default sales person.
    await screen.findByText('Summary');
    fireEvent.click(buttonByText('Create Lead'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/321'));
    const post = requests.find((r) => new URL(r.url).pathname === '/api/leads' && r.method === 'POST');
    expect(await post!.json()).toEqual({
      clientId: 1,
      personInCharges: [11],
      projectName: 'Core Banking Refresh',
      projectType: 2,
      sourceId: 5,
      salesId: 7,
      competitor: 'Datacomm',
      stageId: 1,
    });
  });

  it('offers the stages with their approval marks and requirements, and shows the server refusing one', async () => {
    setToken('a');
    const refusal = 'A new lead cannot start in E4 Proposal: reaching it needs approval. Create it in an earlier stage and request the move.';
    const withRules = {
      ...filterOptions,
      stages: filterOptions.stages.map((s) =>
        s.stageName === 'E4' ? { ...s, requiredFields: [{ field: 'proposalFile', label: 'Proposal' }] } : s,
      ),
    };
    const requests = stubApi(session(), (req, url) => {
      if (url.pathname === '/api/leads/filter-options') return json(200, { results: withRules });
      if (url.pathname === '/api/leads' && req.method === 'POST') {
        return json(422, { messages: [refusal], type: 'ValidationFailed' });
      }
      return lookups(url);
    });
    await openSummaryOfNewLead();

    fireEvent.mouseDown(screen.getByLabelText('Stage'));
    const e4 = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (i) => i.querySelector('.stage-target-option__name')?.textContent === 'E4 Proposal',
      );
      if (!found) throw new Error('no E4');
      return found;
    });
    expect(e4).toHaveTextContent('Needs approval');
    fireEvent.click(e4);
    const shown = await screen.findByTestId('create-stage-target');
    expect(shown).toHaveTextContent('Entering E4 Proposal needs approval.');
    expect(shown).toHaveTextContent('E4 Proposal requires');
    expect(shown).toHaveTextContent('Proposal');

    fireEvent.click(buttonByText('Create Lead'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const post = requests.find((r) => new URL(r.url).pathname === '/api/leads' && r.method === 'POST');
    expect(await post!.json()).toMatchObject({ stageId: 4 });
  });

  it('shows the server message when the lead is refused', async () => {
    setToken('a');
    stubApi(session(), (req, url) => {
      if (url.pathname === '/api/leads' && req.method === 'POST') {
        return json(422, { messages: ['Please choose a valid source.'], type: 'ValidationFailed' });
      }
      return lookups(url);
    });
    await openSummaryOfNewLead();
    fireEvent.click(buttonByText('Create Lead'));
    expect(await screen.findByText('Please choose a valid source.')).toBeInTheDocument();
  });
});

describe('LeadEditPage', () => {
  /** In E1: E2 moves at once, E4 needs approval, E5 lacks fields, E6 is refused for another reason. */
  const options = () =>
    stageOptions(19, 1, {
      4: { needsApproval: true, requiredFields: [{ field: 'totalRevenue', label: 'Total Revenue', filled: true }] },
      5: {
        allowed: false,
        needsApproval: true,
        reason: 'Complete these fields before moving to E5 Verification: Entity, Unit.',
        requiredFields: [
          { field: 'entityId', label: 'Entity', filled: false },
          { field: 'unitId', label: 'Unit', filled: false },
        ],
        missingFields: ['Entity', 'Unit'],
      },
      6: { allowed: false, reason: 'Closing is a request of its own.' },
    });

  function stubEdit(answer: object | (() => Response)) {
    return stubApi(session(), (req, url) => {
      if (url.pathname === '/api/leads/19/form') return json(200, { results: leadForm() });
      if (url.pathname === '/api/leads/19/stage-options') return json(200, { results: options() });
      if (url.pathname === '/api/leads/19/update/v2' && req.method === 'PUT') {
        return typeof answer === 'function' ? answer() : json(200, { results: { lead: leadDetail(), ...answer } });
      }
      if (url.pathname === '/api/leads/19') return json(200, { results: leadDetail() });
      if (url.pathname === '/api/leads/19/approval-requests/route-preview') return json(200, { results: routePreview() });
      return lookups(url);
    });
  }

  async function openStageStep() {
    const name = await screen.findByLabelText('Project Name');
    await waitFor(() => expect(name).toHaveValue('IT Strategy Assessment'));
    for (let i = 0; i < 4; i += 1) fireEvent.click(buttonByText('Next'));
  }

  /** The stage choices as shown: name, then 'disabled' when it cannot be chosen. */
  async function stageChoices() {
    fireEvent.mouseDown(screen.getByLabelText('Stage'));
    const items = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (found.length === 0) throw new Error('closed');
      return found;
    });
    return items;
  }

  it('saves as multipart with the lead as JSON in `data` and the chosen file', async () => {
    setToken('a');
    const requests = stubEdit({ stageMoved: false, approvalRequired: false, message: null });
    const { router } = await renderRoutes(pages, '/leads/19/edit');
    const name = await screen.findByLabelText('Project Name');
    await waitFor(() => expect(name).toHaveValue('IT Strategy Assessment'));
    fireEvent.change(name, { target: { value: 'IT Strategy Assessment 2027' } });
    fireEvent.change(screen.getByLabelText('Decision Maker'), { target: { value: 'CIO' } });

    fireEvent.click(buttonByText('Next'));
    await waitFor(() => expect(screen.getByTestId('gp-margin')).toHaveTextContent('17%'));
    fireEvent.change(screen.getByLabelText('Total Gross Profit'), { target: { value: '3.052.000.000' } });
    await waitFor(() => expect(screen.getByTestId('gp-margin')).toHaveTextContent('25%'));

    fireEvent.click(buttonByText('Next'));
    fireEvent.click(buttonByText('Next'));
    // Files are checked here before they are sent.
    const fileInput = (kind: string) =>
      document.querySelector<HTMLInputElement>(`[data-kind="${kind}"] input[type=file]`)!;
    const wrong = new File(['x'], 'deck.docx', { type: 'application/msword' });
    fireEvent.change(fileInput('proposalFile'), { target: { files: [wrong] } });
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
    fireEvent.change(fileInput('projectCostSheetFile'), { target: { files: [new File(['x'], 'pcs.pdf')] } });
    expect(await screen.findByText('Unsupported file format. Accepts only .xls kind file.')).toBeInTheDocument();
    const deck = new File(['%PDF-1.4'], 'deck.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput('proposalFile'), { target: { files: [deck] } });
    expect(await screen.findByText('deck.pdf')).toBeInTheDocument();

    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));

    const put = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/update/v2')!;
    expect(put.method).toBe('PUT');
    expect(put.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await put.formData();
    const data = JSON.parse(body.get('data') as string);
    expect(data).toMatchObject({
      projectName: 'IT Strategy Assessment 2027',
      decisionMaker: 'CIO',
      stageId: 1,
      projectType: 2,
      sourceId: 2,
      subscriptionType: 'RECURRING',
      totalRevenue: 12_208_000_000,
      totalGrossProfit: 3_052_000_000,
      expectedCloseDate: '2026-11-19',
      projectStartDate: '2026-10-30',
      projectEndDate: '2027-10-29',
      personInCharges: [4],
      serviceCategories: [{ serviceCategoryId: 7, subServiceCategoryId: null }],
      removeFiles: [],
    });
    // jsdom's File loses its name on the way through Node's Request; the part itself is there
    // (its name is checked on leadUpdateFormData in lib.test.ts).
    expect(body.get('proposalFile')).toMatchObject({ type: 'application/pdf' });
    expect(body.get('projectCostSheetFile')).toBeNull();
  });

  it('shows the sales person, and Change Owner beside it only when the app gives it (those who may)', async () => {
    setToken('a');
    stubEdit({ stageMoved: false, approvalRequired: false, message: null });
    const { unmount } = await renderRoutes(pages, '/leads/19/edit');
    const owner = await screen.findByLabelText('Sales Person');
    expect(owner).toHaveValue(leadForm().lead.salesFullname);
    expect(owner).toBeDisabled(); // not a field of the edit: the owner changes by its own call
    expect(screen.queryByRole('button', { name: /Change Owner/ })).toBeNull();
    unmount();

    const opened: string[] = [];
    function Dialog({ leads, open }: OwnerChangeDialogProps) {
      if (open) opened.push(...leads.map((l) => `${l.id} ${l.salesFullname}`));
      return null;
    }
    const Route = () => <LeadEditPage ownerChange={Dialog} />;
    await renderRoutes([{ path: '/leads/:leadId/edit', Component: Route }], '/leads/19/edit');
    fireEvent.click(await screen.findByRole('button', { name: /Change Owner/ }));
    await waitFor(() => expect(opened).toEqual([`19 ${leadForm().lead.salesFullname}`]));
  });

  it("offers the server's stage options: approval marked, refusals disabled with their reason", async () => {
    setToken('a');
    stubEdit({ stageMoved: false, approvalRequired: false, message: null });
    await renderRoutes(pages, '/leads/19/edit');
    await openStageStep();
    expect(await screen.findByText('Now in E1 Found.')).toBeInTheDocument();
    const items = await stageChoices();
    const row = (name: string) => items.find((i) => i.querySelector('.stage-target-option__name')?.textContent === name)!;
    expect(items).toHaveLength(6);
    expect(row('E1 Found')).toHaveTextContent('Current');
    expect(row('E4 Proposal')).toHaveTextContent('Needs approval');
    // Only fields missing: offered, the form can fill them.
    expect(row('E5 Verification')).not.toHaveClass('ant-select-item-option-disabled');
    // Refused for another reason: shown disabled with the reason.
    expect(row('E6 Closing')).toHaveClass('ant-select-item-option-disabled');
    expect(row('E6 Closing')).toHaveTextContent('Closing is a request of its own.');

    fireEvent.click(row('E5 Verification'));
    const target = await screen.findByTestId('wizard-stage-target');
    expect(target).toHaveTextContent('Fill in on this form before saving: Entity, Unit.');
    expect(target.querySelector('[data-field="entityId"]')).toHaveClass('is-missing');
  });

  it('saves a stage that needs approval and says the request was made, in the server\'s words', async () => {
    setToken('a');
    const message = 'Lead saved. Moving to E4 Proposal needs approval: request #12 has been sent to the approvers.';
    const requests = stubEdit({ stageMoved: false, approvalRequired: true, message, approvalId: 12 });
    const { router } = await renderRoutes(pages, '/leads/19/edit');
    const name = await screen.findByLabelText('Project Name');
    await waitFor(() => expect(name).toHaveValue('IT Strategy Assessment'));
    fireEvent.click(buttonByText('Next'));
    // a figure changed on this form counts for the route: saving makes the request on the lead as saved
    fireEvent.change(screen.getByLabelText('Total Gross Profit'), { target: { value: '3.052.000.000' } });
    for (let i = 0; i < 3; i += 1) fireEvent.click(buttonByText('Next'));
    const items = await stageChoices();
    fireEvent.click(items.find((i) => i.querySelector('.stage-target-option__name')?.textContent === 'E4 Proposal')!);
    expect(
      await screen.findByText(
        'Moving to E4 Proposal needs approval: saving sends the request to the approvers, and the lead stays in E1 Found until it is approved.',
      ),
    ).toBeInTheDocument();
    // who saving would ask, layer by layer
    const route = await screen.findAllByTestId('route-layer');
    expect(route[0]).toHaveTextContent('Maya Kusuma for Hendra Gunawan (out of office)');
    expect(route[1]).toHaveTextContent('Skipped: GP 800 M < 1 B');
    const asked = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/approval-requests/route-preview')!;
    expect(await asked.clone().json()).toEqual({
      requestType: 'CHANGE_LEAD_STAGE',
      targetStageId: 4,
      edit: { projectType: 2, totalRevenue: 12_208_000_000, totalGrossProfit: 3_052_000_000, serviceCategories: [7] },
    });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    const dialog = document.querySelector('.ant-modal-confirm')!;
    expect(dialog).toHaveTextContent('Approval requested');
    expect(dialog).toHaveTextContent(message);
    expect(document.querySelector('.ant-modal-confirm-success')).not.toBeNull();
    const put = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/update/v2')!;
    expect(JSON.parse((await put.formData()).get('data') as string)).toMatchObject({ stageId: 4 });
    fireEvent.click(buttonByText('OK', dialog as HTMLElement));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
  });

  it('shows the server\'s refusal of a stage change and stays on the form', async () => {
    setToken('a');
    const refusal = 'This lead is waiting for approval of its move to E3 Qualified (request #9); its stage and status cannot change until that request is decided.';
    stubEdit(() => json(409, { messages: [refusal], type: 'RequestPending' }));
    const { router } = await renderRoutes(pages, '/leads/19/edit');
    await openStageStep();
    const items = await stageChoices();
    fireEvent.click(items.find((i) => i.querySelector('.stage-target-option__name')?.textContent === 'E2 Connected')!);
    expect(await screen.findByText('The lead moves to E2 Connected when you save.')).toBeInTheDocument();
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText(refusal, { selector: '.form-alert *' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leads/19/edit');
  });
});
