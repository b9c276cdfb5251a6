import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { queueRow } from '../test-fixtures';
import { LeadDecision, WAITING_FOR_YOU } from './lead-decision';

afterEach(() => Modal.destroyAll());

const LEAD = 101;

function descriptionDialog(): HTMLElement {
  const box = [...document.querySelectorAll<HTMLElement>('.description-dialog')].at(-1);
  if (!box) throw new Error('no description dialog');
  return box;
}

/** The lead's decision as its page shows it; the queue of that lead answers `rows`, a decision `decided`. */
async function start(rows = [queueRow(1)], decided?: () => Response, flags: PageFlags = FULL) {
  setToken('a');
  const asked: URL[] = [];
  const requests = stubApi(makeSession({ pageAccess: { 'system/approval': flags } }), (req, url) => {
    if (url.pathname === '/api/approval') {
      asked.push(url);
      return json(200, { results: { data: rows, totalRows: rows.length } });
    }
    if (url.pathname === '/api/approval/1/handle-hold' && req.method === 'PUT') {
      return decided ? decided() : json(200, { results: { status: 'APPROVED', layers: [] } });
    }
    return undefined;
  });
  await renderRoutes([{ path: '/leads/:leadId/view', element: <LeadDecision leadId={LEAD} /> }], `/leads/${LEAD}/view`);
  return { asked, requests };
}

describe('LeadDecision', () => {
  it('asks for the requests on this lead only, and approves one with the queue’s call and message', async () => {
    const { asked, requests } = await start();
    const request = await screen.findByRole('region', { name: WAITING_FOR_YOU });
    expect(request).toHaveTextContent('Hold');
    expect(request).toHaveTextContent('E1 Found · layer Team leader');
    expect(request).toHaveTextContent('Requested by Sari Dewi');
    expect(request).toHaveTextContent('Client paused the budget');
    expect(JSON.parse(asked[0].searchParams.get('criteria')!)).toEqual([{ field: 'leadId', value: LEAD }]);

    fireEvent.click(buttonByText('Approve', request));
    fireEvent.click(buttonByText('Confirm', await waitFor(descriptionDialog)));
    expect(await screen.findByText("'Sari Dewi' request has been approved successfully.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ approversAction: 'APPROVED', note: null });
  });

  it('rejects only with its note, and tells a request another approver decided first', async () => {
    const { requests } = await start([queueRow(1)], () =>
      json(409, { messages: ['Already decided: approved by Maya Kusuma.'], type: 'AlreadyDecided' }),
    );
    const request = await screen.findByRole('region', { name: WAITING_FOR_YOU });
    fireEvent.click(buttonByText('Reject', request));
    const box = await waitFor(descriptionDialog);
    expect(buttonByText('Confirm', box)).toBeDisabled();
    fireEvent.change(box.querySelector('textarea')!, { target: { value: 'Budget is not frozen' } });
    fireEvent.click(buttonByText('Confirm', box));
    expect(await screen.findByText('Already decided: approved by Maya Kusuma.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ approversAction: 'REJECTED', note: 'Budget is not frozen' });
  });

  it('offers no decision on a request already on its way', async () => {
    await start([queueRow(1, { processing: true })]);
    const request = await screen.findByRole('region', { name: WAITING_FOR_YOU });
    expect(buttonByText('Approve', request)).toBeDisabled();
    expect(request).toHaveTextContent('Processing');
  });

  it('offers no decision to a reader of the queue who may not decide', async () => {
    await start([queueRow(1)], undefined, { ...FULL, isEdit: false });
    const request = await screen.findByRole('region', { name: WAITING_FOR_YOU });
    expect(() => buttonByText('Approve', request)).toThrow();
  });

  it('shows nothing when nothing on the lead waits for the reader', async () => {
    const { asked } = await start([]);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('region', { name: WAITING_FOR_YOU })).toBeNull();
  });
});
