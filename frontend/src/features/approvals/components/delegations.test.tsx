import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { Delegation } from '../api/types';
import { people } from '../test-fixtures';
import { periodText } from '../lib/periods';
import { ApprovalPage } from '../pages/approval-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/approval', Component: ApprovalPage },
];

afterEach(() => Modal.destroyAll());

const today = dayjs().format('YYYY-MM-DD');
const later = dayjs().add(20, 'day').format('YYYY-MM-DD');

function delegation(id: number, overrides: Partial<Delegation> = {}): Delegation {
  return {
    id,
    delegatorId: 7,
    delegatorName: 'Sari Dewi',
    delegateId: 3,
    delegateName: 'Agus Approver',
    startsOn: today,
    endsOn: today,
    requestType: null,
    note: null,
    state: 'CURRENT',
    createdByName: 'Sari Dewi',
    createdAt: `${today}T00:00:00Z`,
    ...overrides,
  };
}

async function start(rows: Delegation[], save?: (req: Request) => Response | Promise<Response>) {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/approval': FULL },
    routes: [...makeSession().routes, '/system/approval'],
  });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/approval' && req.method === 'GET') return json(200, { results: { data: [], totalRows: 0 } });
    if (url.pathname === '/api/approval-delegations' && req.method === 'GET') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found = url.searchParams.has('delegatorId') ? rows.filter((r) => r.delegatorId === 7) : rows;
      return json(200, { results: { data: found.slice(offset, offset + limit), totalRows: found.length } });
    }
    if (url.pathname === '/api/approval-delegations/people') return json(200, { results: people });
    if (url.pathname === '/api/approval-delegations' && req.method === 'POST') return save?.(req);
    return undefined;
  });
  await renderRoutes(pages, '/system/approval');
  return requests;
}

describe('Out of office', () => {
  it('lists the approver’s delegations with their state, and those they stand in for', async () => {
    await start([
      delegation(1, { note: 'Annual leave' }),
      delegation(4, { delegatorId: 4, delegatorName: 'Budi Approver', delegateId: 7, delegateName: 'Sari Dewi' }),
      delegation(3, { state: 'UPCOMING', startsOn: later, endsOn: later, requestType: 'HOLD_LEAD' }),
      delegation(2, { state: 'PAST', startsOn: '2025-01-02', endsOn: '2025-01-03' }),
    ]);
    fireEvent.click(await screen.findByText('Out of office', { selector: 'button span' }));
    const rows = await screen.findAllByTestId('delegation-row');
    expect(rows.map((r) => r.querySelector('.ant-tag')?.textContent)).toEqual(['Current', 'Current', 'Upcoming', 'Past']);
    expect(within(rows[0]).getByText('Agus Approver stands in for you')).toBeInTheDocument();
    expect(within(rows[0]).getByText('“Annual leave”')).toBeInTheDocument();
    expect(within(rows[1]).getByText('You stand in for Budi Approver')).toBeInTheDocument();
    // only their own can be changed or removed
    expect(within(rows[1]).queryByLabelText(/Remove delegation/)).toBeNull();
    expect(within(rows[2]).getByText(/Hold Lead only/)).toBeInTheDocument();
    expect(within(rows[3]).queryByLabelText(/Change delegation/)).toBeNull();
    expect(within(rows[3]).getByLabelText('Remove delegation to Agus Approver')).toBeInTheDocument();
  });

  it('pages a long list in the server’s order', async () => {
    const requests = await start(
      Array.from({ length: 12 }, (_, i) =>
        delegation(i + 1, { state: 'PAST', startsOn: '2025-01-02', endsOn: '2025-01-03', note: `Leave ${i + 1}` }),
      ),
    );
    fireEvent.click(await screen.findByText('Out of office', { selector: 'button span' }));
    expect(await screen.findAllByTestId('delegation-row')).toHaveLength(10);
    expect(screen.getByText('1-10 of 12 delegations')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('“Leave 12”')).toBeInTheDocument();
    expect(screen.getAllByTestId('delegation-row')).toHaveLength(2);
    const asked = requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/approval-delegations');
    expect(asked.map((r) => new URL(r.url).searchParams.get('offset'))).toContain('10');
    // not away: none of their own delegations holds today
    expect(document.querySelector('.ant-badge-dot')).toBeNull();
  });

  it('adds one and shows the server’s refusal', async () => {
    const requests = await start([], () =>
      json(409, { type: 'Conflict', messages: ['Agus Approver is delegating every request themselves from 1 Dec 2026.'] }),
    );
    fireEvent.click(await screen.findByText('Out of office', { selector: 'button span' }));
    expect(await screen.findByText('No delegations.')).toBeInTheDocument();
    fireEvent.click(buttonByText('Add Delegation'));
    fireEvent.click(await screen.findByText('Add', { selector: 'button span' }));
    expect(await screen.findByText('Please choose the delegate.')).toBeInTheDocument();
    expect(screen.getByText('Please choose the first and the last day.')).toBeInTheDocument();
    await chooseOption(screen.getByLabelText('Delegate'), 'Agus Approver');
    // the approver is not offered as their own delegate
    fireEvent.mouseDown(screen.getByLabelText('Delegate'));
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).not.toContain('Sari Dewi');
    const [from, to] = screen.getAllByPlaceholderText(/date/i);
    const first = dayjs().add(1, 'day').format('D MMM YYYY');
    const last = dayjs().add(3, 'day').format('D MMM YYYY');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: first } });
    fireEvent.keyDown(from, { key: 'Enter' });
    fireEvent.change(to, { target: { value: last } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await chooseOption(screen.getByLabelText('Request type'), 'Close Lead only');
    fireEvent.click(buttonByText('Add'));
    expect(await screen.findByText('Agus Approver is delegating every request themselves from 1 Dec 2026.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    await waitFor(() => expect(post).toBeDefined());
    expect(await post!.json()).toEqual({
      delegateId: 3,
      startsOn: dayjs().add(1, 'day').format('YYYY-MM-DD'),
      endsOn: dayjs().add(3, 'day').format('YYYY-MM-DD'),
      requestType: 'CLOSE_LEAD',
      note: null,
    });
  });
});

describe('periodText', () => {
  it('says a period in the one date style', () => {
    expect(periodText('2026-12-01', '2026-12-05')).toBe('1-Dec-2026 – 5-Dec-2026');
    expect(periodText('2026-12-28', '2027-01-02')).toBe('28-Dec-2026 – 2-Jan-2027');
    expect(periodText('2026-12-03', '2026-12-03')).toBe('3-Dec-2026');
  });
});
