import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/api/tokens';
import { makeSession, renderApp, stubApi } from '@/test/render-app';

/** The browser's WebSocket as the shell's realtime connection sees it; the test plays the server. */
class Socket {
  static OPEN = 1;
  static last: Socket | null = null;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    Socket.last = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    }, 0);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  say(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('useNotificationStream', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', Socket));
  afterEach(() => vi.unstubAllGlobals());

  it('signs the realtime connection in with the token and refreshes the bell on each notification', async () => {
    setToken('tok-1');
    const requests = stubApi(makeSession());
    renderApp('/welcome');
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
