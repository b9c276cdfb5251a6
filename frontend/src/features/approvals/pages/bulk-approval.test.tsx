import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { queueRow } from '../test-fixtures';
import { ApprovalPage } from './approval-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/approval', Component: ApprovalPage },
];

afterEach(() => Modal.destroyAll());

const rows = [queueRow(1), queueRow(2, { projectName: 'Core Banking', clientName: 'PT Maju' }), queueRow(3, { processing: true })];

const answer = {
  items: [
    { approvalId: 1, outcome: 'APPROVED', message: "'Sari Dewi' request has been approved successfully.", refusalType: null },
    { approvalId: 2, outcome: 'REFUSED', message: 'This request is already approved.', refusalType: 'RequestFinished' },
  ],
  decided: 1,
  refused: 1,
};

async function start(edit = true) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/approval': edit ? FULL : { ...FULL, isEdit: false } },
    routes: [...makeSession().routes, '/system/approval'],
  });
  const bodies: unknown[] = [];
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/approval' && req.method === 'GET') {
      return json(200, { results: { data: rows, totalRows: 3 } });
    }
    if (url.pathname === '/api/approval/bulk' && req.method === 'POST') {
      return req.json().then((body: unknown) => {
        bodies.push(body);
        return json(200, { results: answer });
      });
    }
    return undefined;
  });
  await renderRoutes(pages, '/system/approval');
  return { requests, bodies };
}

const queueCalls = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/approval' && r.method === 'GET').length;

async function selectAndApprove(note?: string) {
  fireEvent.click(await screen.findByLabelText('Select request 1'));
  fireEvent.click(screen.getByLabelText('Select request 2'));
  fireEvent.click(buttonByText('Approve selected (2)'));
  const dialog = (await screen.findByText('Approve Requests')).closest('.ant-modal') as HTMLElement;
  expect(within(dialog).getByText(/Approve the 2 selected requests\?/)).toBeInTheDocument();
  if (note) fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: note } });
  fireEvent.click(buttonByText('Approve', dialog));
}

describe('Bulk approval on the approval page', () => {
  it('approves the selected rows in one call and lists what was decided and what was refused, then refreshes', async () => {
    const { requests, bodies } = await start();
    await screen.findByText('Project 1');
    // nothing selected: no bulk action; a request already being applied cannot be selected
    expect(screen.queryByText(/Approve selected/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Select request 3')).toBeDisabled();
    const before = queueCalls(requests);
    await selectAndApprove('Checked together');
    await waitFor(() => expect(bodies).toEqual([{ approvalIds: [1, 2], approversAction: 'APPROVED', note: 'Checked together' }]));

    const result = (await screen.findByText('Bulk decision')).closest('.ant-modal') as HTMLElement;
    expect(within(result).getByText('1 decided, 1 refused.')).toBeInTheDocument();
    const decided = within(result).getByRole('region', { name: 'Decided' });
    expect(within(decided).getByText('Hold Lead · Project 1 (PT Sinar Jaya) · Sari Dewi')).toBeInTheDocument();
    expect(within(decided).getByText("'Sari Dewi' request has been approved successfully.")).toBeInTheDocument();
    const refused = within(result).getByRole('region', { name: 'Refused' });
    expect(within(refused).getByText('Hold Lead · Core Banking (PT Maju) · Sari Dewi')).toBeInTheDocument();
    expect(within(refused).getByText('This request is already approved.')).toBeInTheDocument();
    // the queue is asked again and the selection is gone
    await waitFor(() => expect(queueCalls(requests)).toBeGreaterThan(before));
    expect(screen.queryByText(/Approve selected/)).not.toBeInTheDocument();
    fireEvent.click(buttonByText('Close', result));
  });

  it('sends no note when none is given', async () => {
    const { bodies } = await start();
    await selectAndApprove();
    await waitFor(() => expect(bodies).toEqual([{ approvalIds: [1, 2], approversAction: 'APPROVED', note: null }]));
  });

  it('offers no selection to someone who may only read the queue', async () => {
    await start(false);
    await screen.findByText('Project 1');
    expect(screen.queryByLabelText('Select request 1')).not.toBeInTheDocument();
  });

  it('selects and approves on a 390 px phone too', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      const { bodies } = await start();
      await selectAndApprove();
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(await screen.findByText('1 decided, 1 refused.')).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});
