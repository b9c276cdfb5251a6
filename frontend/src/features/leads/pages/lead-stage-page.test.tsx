import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import type { LeadDetail, LeadStageOptions } from '../api/types';
import { leadDetail, stageOptions, waitingFor } from '../test-fixtures';
import { stageOfSlug, LeadStagePage } from './lead-stage-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads/:leadId/:stageSlug', Component: LeadStagePage },
];

afterEach(() => Modal.destroyAll());

/** Lead 19 with no person in charge yet. */
const detail = (overrides: Partial<LeadDetail> = {}): LeadDetail => leadDetail({ personInCharges: [], ...overrides });

/** Lead 19 in E1: E2 needs a person in charge (missing) and no approval; E4 needs approval and a proposal. */
const options = (e2: 'missing' | 'filled' = 'missing'): LeadStageOptions =>
  stageOptions(19, 1, {
    2: {
      allowed: e2 === 'filled',
      reason: e2 === 'filled' ? null : 'Complete these fields before moving to E2 Connected: Person in Charge.',
      requiredFields: [{ field: 'personInCharges', label: 'Person in Charge', filled: e2 === 'filled' }],
      missingFields: e2 === 'filled' ? [] : ['Person in Charge'],
    },
    4: {
      needsApproval: true,
      allowed: false,
      reason: 'Complete these fields before moving to E4 Proposal: Person in Charge, Proposal.',
      requiredFields: [
        { field: 'proposalFile', label: 'Proposal', filled: false },
        { field: 'totalRevenue', label: 'Total Revenue', filled: true },
      ],
      missingFields: ['Person in Charge', 'Proposal'],
    },
  });

const session = () => makeSession({ pageAccess: { dashboard: FULL, leads: FULL } });

function stub(handler: ApiHandler, state: { options: LeadStageOptions; lead: LeadDetail }) {
  return stubApi(session(), (req, url) => {
    const custom = handler(req, url);
    if (custom) return custom;
    switch (url.pathname) {
      case '/api/leads/19':
        return json(200, { results: state.lead });
      case '/api/leads/19/stage-options':
        return json(200, { results: state.options });
      case '/api/people':
        return json(200, {
          results: {
            data: [{ id: 4, clientId: 3, fullname: 'Rina Kartika', position: 'Head of Digital' }],
            totalRows: 1,
          },
        });
      default:
        return undefined;
    }
  });
}

describe('stageOfSlug', () => {
  it('finds a stage by its slug or its name', () => {
    const { stages } = stageOptions(19);
    expect(stageOfSlug(stages, 'connected')?.stageName).toBe('E2');
    expect(stageOfSlug(stages, 'E1')?.slug).toBe('found');
    expect(stageOfSlug(stages, 'nowhere')).toBeUndefined();
  });
});

describe('LeadStagePage', () => {
  it('fills a missing required field in place, then moves the lead (no approval needed)', async () => {
    setToken('a');
    const state = { options: options('missing'), lead: detail() };
    const requests = stub((req, url) => {
      if (url.pathname === '/api/leads/19/update/v2' && req.method === 'PUT') {
        return req
          .clone()
          .formData()
          .then((body) => {
            const data = JSON.parse(body.get('data') as string);
            if (data.personInCharges) state.options = options('filled');
            return json(200, {
              results: { lead: state.lead, stageMoved: 'stageId' in data, approvalRequired: false, message: null, approvalId: null },
            });
          });
      }
      return undefined;
    }, state);
    await renderRoutes(pages, '/leads/19/connected');

    expect(await screen.findByRole('heading', { name: 'E2 Connected' })).toBeInTheDocument();
    const field = document.querySelector<HTMLElement>('.stage-field[data-field="personInCharges"]')!;
    expect(field).toHaveClass('is-missing');
    expect(field).toHaveTextContent('Missing');
    const move = screen.getByTestId('stage-move');
    expect(move).toHaveTextContent('Moving to E2 Connected needs no approval: the lead moves at once.');
    expect(move).toHaveTextContent('Complete these fields before moving to E2 Connected: Person in Charge.');
    expect(buttonByText('Move to E2 Connected')).toBeDisabled();

    await chooseOption(within(field).getByLabelText('Person in Charge'), 'Rina Kartika — Head of Digital');
    fireEvent.click(buttonByText('Save fields'));
    expect(await screen.findByText('Lead has been updated successfully.')).toBeInTheDocument();
    const save = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/update/v2')!;
    // Only the stage's field, nothing else of the lead.
    expect(JSON.parse((await save.formData()).get('data') as string)).toEqual({ personInCharges: [4] });

    // The server now allows the move.
    await waitFor(() => expect(buttonByText('Move to E2 Connected')).toBeEnabled());
    fireEvent.click(buttonByText('Move to E2 Connected'));
    expect(await screen.findByText('The lead moved to E2 Connected.')).toBeInTheDocument();
    const moves = requests.filter((r) => new URL(r.url).pathname === '/api/leads/19/update/v2');
    expect(JSON.parse((await moves[1].formData()).get('data') as string)).toEqual({ stageId: 2 });
  });

  it('shows what a stage that needs approval requires, the ones lacking on the way too, and offers the request', async () => {
    setToken('a');
    stub(() => undefined, { options: options('missing'), lead: detail() });
    await renderRoutes(pages, '/leads/19/proposal');
    expect(await screen.findByRole('heading', { name: 'E4 Proposal' })).toBeInTheDocument();
    expect(document.querySelector('.stage-field[data-field="proposalFile"]')).toHaveClass('is-missing');
    expect(document.querySelector('.stage-field[data-field="totalRevenue"]')).not.toHaveClass('is-missing');
    // A field E2 requires, which the move to E4 lacks.
    const onTheWay = document.querySelector<HTMLElement>('.stage-field[data-field="personInCharges"]')!;
    expect(onTheWay).toHaveTextContent('required by E2 Connected on the way');
    expect(screen.getByTestId('stage-move')).toHaveTextContent(
      'Moving to E4 Proposal needs approval: the request goes to the approvers and the lead moves once it is approved.',
    );
    expect(buttonByText('Request move to E4 Proposal')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload Proposal' })).toBeInTheDocument();
  });

  it('says what a waiting lead waits for, and answers unknown stages with a not-found page', async () => {
    setToken('a');
    stub(() => undefined, { options: options('filled'), lead: detail({ status: 'WAITING', waitingFor: waitingFor() }) });
    const { router } = await renderRoutes(pages, '/leads/19/e1');
    expect(await screen.findByRole('heading', { name: 'E1 Found' })).toBeInTheDocument();
    expect(screen.getByText('The lead is in E1 Found.', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('waiting-for')).toHaveTextContent('Waiting for approval: move to E4 Proposal');
    await router.navigate('/leads/19/nowhere');
    expect(await screen.findByText('This stage does not exist.')).toBeInTheDocument();
  });
});
