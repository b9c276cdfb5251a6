import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/api/tokens';
import { FakeSocket as Socket } from '@/test/fake-socket';
import { makeSession, renderRoutes, stubApi } from '@/test/render';

// The signed-in shell alone (its top bar has the bell); /welcome, another feature's page, is a marker here.

describe('useNotificationStream', () => {
  beforeEach(() => {
    Socket.reset(false);
    vi.stubGlobal('WebSocket', Socket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs the realtime connection in with the token and refreshes the bell on each notification', async () => {
    setToken('tok-1');
    const requests = stubApi(makeSession());
    await renderRoutes([], '/welcome', { frame: 'shell' });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(Socket.last?.sent[0]).toEqual({ event: 'login', token: 'tok-1' }));
    expect(Socket.last!.url).toMatch(/^ws:\/\/[^/]+\/api\/realtime$/);
    Socket.last!.say({ event: 'ready', connectionId: 'c1', heartbeatSeconds: 10 });
    const limited = () => requests.filter((r) => new URL(r.url).pathname === '/api/notification/limited').length;
    await waitFor(() => expect(limited()).toBeGreaterThanOrEqual(1));
    const before = limited();
    Socket.last!.say({ event: 'notification' });
    // the first load and the refetch after the one notification event
    await waitFor(() => expect(limited()).toBeGreaterThan(before));
  });
});
