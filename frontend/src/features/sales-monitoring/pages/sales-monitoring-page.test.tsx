import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/api/tokens';
import { formatDateTime } from '@/lib/format';
import { FakeSocket as Socket } from '@/test/fake-socket';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { SalesMonitoringPage } from './sales-monitoring-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/sales-monitoring', Component: SalesMonitoringPage },
];

const PAGE = '/system/sales-monitoring';
const andi = {
  userId: 5,
  name: 'Andi Pratama',
  roleName: 'Sales',
  status: 'Online',
  isLoggedIn: true,
  connectedAt: new Date(Date.now() - (3600 + 125) * 1000).toISOString(),
  lastSeenAt: new Date().toISOString(),
  tabs: 2,
  devices: 1,
};
const dewi = { ...andi, userId: 6, name: 'Dewi Anggraini', status: 'Away', tabs: 1, devices: 0 };
const LAST_SEEN = '2026-11-27T09:15:00Z';
const rizky = {
  ...andi,
  userId: 7,
  name: 'Rizky Hidayat',
  status: 'Offline',
  isLoggedIn: false,
  connectedAt: null,
  lastSeenAt: LAST_SEEN,
  tabs: 0,
  devices: 0,
};
const putri = { ...rizky, userId: 8, name: 'Putri Maharani', lastSeenAt: null };

async function start(answers: unknown[][], flags = FULL) {
  setToken('tok');
  const session = makeSession();
  let call = 0;
  const requests = stubApi(
    { ...session, routes: [...session.routes, PAGE], pageAccess: { ...session.pageAccess, 'system/sales-monitoring': flags } },
    (_request, url) => {
      if (url.pathname !== '/api/sales-monitoring') return undefined;
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return json(200, { results: answer });
    },
  );
  // in the shell, which holds the realtime connection the page watches presence over
  await renderRoutes(pages, PAGE, { frame: 'shell' });
  return requests;
}

describe('SalesMonitoringPage', () => {
  beforeEach(() => {
    Socket.reset();
    vi.stubGlobal('WebSocket', Socket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists who is online with role, status, a live duration and their connections', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the clock ticks when the test says so
    await start([[andi, dewi]]);
    const row = (await screen.findByText('Andi Pratama')).closest('tr')!;
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    expect(within(row).getByText('Online')).toBeInTheDocument();
    expect(within(row).getByText('2 tabs · 1 device')).toBeInTheDocument();
    expect(within(row).getByText(/^01:02:0[5-9]$/)).toBeInTheDocument();
    expect(within(screen.getByText('Dewi Anggraini').closest('tr')!).getByText('Away')).toBeInTheDocument();
    expect(screen.getByText('1 online · 1 away · 0 offline')).toBeInTheDocument();
    // the timer runs on its own
    const before = within(row).getByText(/^01:02:/).textContent;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(within(row).getByText(/^01:02:/).textContent).not.toBe(before));
  });

  it('watches presence and reads the list again on each updateClients', async () => {
    const requests = await start([[andi], [andi, dewi]]);
    await screen.findByText('Andi Pratama');
    await waitFor(() => expect(Socket.last?.sent).toContainEqual({ event: 'watch', topic: 'presence' }));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    Socket.last!.say({ event: 'updateClients' });
    expect(await screen.findByText('Dewi Anggraini')).toBeInTheDocument();
    expect(requests.filter((r) => new URL(r.url).pathname === '/api/sales-monitoring')).toHaveLength(2);
  });

  it('lists the rest of the team too, offline, with when each was last seen', async () => {
    await start([[andi, rizky, putri]]);
    const offline = (await screen.findByText('Rizky Hidayat')).closest('tr')!;
    expect(within(offline).getByText('Offline')).toBeInTheDocument();
    expect(within(offline).getByText(formatDateTime(LAST_SEEN))).toBeInTheDocument();
    expect(within(offline).getByText(/\(\d+ days ago\)|\(yesterday\)/)).toBeInTheDocument();
    expect(within(offline).getByText('–')).toBeInTheDocument(); // no online duration
    expect(within(screen.getByText('Putri Maharani').closest('tr')!).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByText('Andi Pratama').closest('tr')!).getByText('Now')).toBeInTheDocument();
    expect(screen.getByText('1 online · 0 away · 2 offline')).toBeInTheDocument();
  });

  it('shows the team as cards on a phone, the offline with when they were last seen', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      await start([[andi, rizky, putri]]);
      const card = (await screen.findByText('Rizky Hidayat')).closest('.presence-block') as HTMLElement;
      expect(card).toHaveTextContent(`Last seen ${formatDateTime(LAST_SEEN)}`);
      expect(within(card).getByText('Offline')).toBeInTheDocument();
      expect(screen.getByText('Andi Pratama').closest('.presence-block')).toHaveTextContent('2 tabs · 1 device');
      expect(screen.getByText('Putri Maharani').closest('.presence-block')).toHaveTextContent('Never seen');
    } finally {
      window.innerWidth = width;
    }
  });

  it('searches by name, and says when nobody matches', async () => {
    const requests = await start([[]]);
    expect(await screen.findByText('Nobody is in your team yet.')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(box, { target: { value: 'dewi' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Nobody in your team matches the search.')).toBeInTheDocument();
    const last = requests.filter((r) => new URL(r.url).pathname === '/api/sales-monitoring').at(-1)!;
    expect(new URL(last.url).searchParams.get('search')).toBe('dewi');
  });

  it('tells a user without read access, and asks the server nothing', async () => {
    const requests = await start([[andi]], { isRead: false, isWrite: false, isEdit: false, isDelete: false });
    expect(await screen.findByText('You do not have access to Sales Monitoring.')).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/sales-monitoring')).toBe(false);
    expect(Socket.last?.sent ?? []).not.toContainEqual({ event: 'watch', topic: 'presence' });
  });
});
