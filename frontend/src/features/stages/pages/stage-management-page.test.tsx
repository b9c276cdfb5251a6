import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setTokens } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, LOAD, makeSession, renderApp, stubApi } from '@/test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const stages = [
  { id: 1, stageName: 'E1', stageDescription: 'Found', needsApproval: false, pipeline: 'LEADS', previousStage: null, nextStage: 2, seqNumber: 1 },
  { id: 2, stageName: 'E2', stageDescription: 'Connected', needsApproval: true, pipeline: 'LEADS', previousStage: 1, nextStage: null, seqNumber: 2 },
];

afterEach(() => Modal.destroyAll());

describe('StageManagementPage', () => {
  it('lists the stages and saves an edit with PUT /stages', async () => {
    setTokens({ token: 'a', refreshToken: 'r' });
    const requests = stubApi(
      makeSession({
        pageAccess: { 'system/stage-management': FULL },
        routes: [...makeSession().routes, '/system/stage-management'],
      }),
      (req, url) => {
        if (url.pathname === '/api/stages' && req.method === 'GET') return json(200, { results: stages });
        if (url.pathname === '/api/stages' && req.method === 'PUT') {
          return req.clone().json().then((body) => json(200, { results: { ...stages[1], ...body } }));
        }
        return undefined;
      },
    );
    renderApp('/system/stage-management');
    expect(await screen.findByText('Connected', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByText('E1 Found')).toHaveLength(1); // previous of E2
    fireEvent.click(screen.getByLabelText('Edit E2'));
    const description = await screen.findByLabelText('Description', { selector: 'input' });
    fireEvent.change(description, { target: { value: 'Connected & qualified' } });
    fireEvent.click(screen.getByLabelText('Needs approval'));
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({
      id: 2,
      stageDescription: 'Connected & qualified',
      needsApproval: false,
      previousStage: 1,
      nextStage: null,
      seqNumber: 2,
    });
    expect(await screen.findByText("Stage 'E2 Connected & qualified' has been updated successfully.")).toBeInTheDocument();
  });
});
