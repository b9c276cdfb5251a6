import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/api/tokens';
import { NOT_SIGNED_IN, RealtimeConnection, reconnectDelay } from './connection';
import { getRealtimeState } from './state';

/** A WebSocket as the browser's behaves for the connection: the test plays the server. */
class ServerSide {
  static OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {}

  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  // the server's side
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }

  say(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('RealtimeConnection', () => {
  let sockets: ServerSide[];
  let connection: RealtimeConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', ServerSide);
    sockets = [];
    connection = new RealtimeConnection({
      open: (url) => {
        const socket = new ServerSide(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      url: () => 'ws://app.test/api/realtime',
    });
    setToken('tok-1');
  });

  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const openOne = () => {
    connection.start();
    const socket = sockets.at(-1)!;
    socket.accept();
    socket.say({ event: 'ready', connectionId: 'c1', heartbeatSeconds: 10 });
    return socket;
  };

  it('signs in with the token as its first message, then pings at the pace the server asks', () => {
    const socket = openOne();
    expect(socket.sent[0]).toEqual({ event: 'login', token: 'tok-1' });
    expect(getRealtimeState().status).toBe('open');
    vi.advanceTimersByTime(10_000);
    expect(socket.sent.at(-1)).toEqual({ event: 'ping' });
  });

  it('hands each event to its listeners, and asks for a watched topic again after a reconnect', () => {
    const seen: string[] = [];
    connection.on('updateClients', (m) => seen.push(m.event));
    const first = openOne();
    const unwatch = connection.watch('presence');
    expect(first.sent.at(-1)).toEqual({ event: 'watch', topic: 'presence' });
    first.say({ event: 'updateClients' });
    expect(seen).toEqual(['updateClients']);

    first.drop(1012); // the server restarts
    expect(getRealtimeState().status).toBe('closed');
    vi.advanceTimersByTime(reconnectDelay(0, () => 1));
    const second = sockets.at(-1)!;
    expect(second).not.toBe(first);
    second.accept();
    second.say({ event: 'ready', connectionId: 'c2', heartbeatSeconds: 10 });
    expect(second.sent).toEqual([{ event: 'login', token: 'tok-1' }, { event: 'watch', topic: 'presence' }]);
    expect(getRealtimeState().reconnects).toBe(1);

    unwatch();
    expect(second.sent.at(-1)).toEqual({ event: 'unwatch', topic: 'presence' });
  });

  it('tells the server when the tab is hidden', () => {
    const socket = openOne();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent.at(-1)).toEqual({ event: 'visibility', visible: false });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent.at(-1)).toEqual({ event: 'visibility', visible: true });
  });

  it('says logout and reconnects no more once stopped', () => {
    const socket = openOne();
    connection.stop();
    expect(socket.sent.at(-1)).toEqual({ event: 'logout' });
    expect(socket.closedWith).toBe(1000);
    expect(getRealtimeState().status).toBe('off');
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('refreshes the token before trying again when the server no longer takes it', async () => {
    const refresh = vi.fn(async () => new Response(JSON.stringify({ results: { token: 'tok-2' } }), { status: 200 }));
    vi.stubGlobal('fetch', refresh);
    const socket = openOne();
    socket.drop(NOT_SIGNED_IN);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 1));
    const again = sockets.at(-1)!;
    expect(again).not.toBe(socket);
    again.accept();
    expect(again.sent[0]).toEqual({ event: 'login', token: 'tok-2' });
  });

  it('signs a call device in with its login and follows its own state', () => {
    const seen: string[] = [];
    const phone = new RealtimeConnection({
      open: (url) => {
        const socket = new ServerSide(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      url: () => 'ws://app.test/api/realtime?device_id=d1',
      login: { device: true },
      report: (next) => next.status && seen.push(next.status),
    });
    phone.start();
    const socket = sockets.at(-1)!;
    socket.accept();
    socket.say({ event: 'ready', connectionId: 'c1', heartbeatSeconds: 10 });
    expect(socket.url).toBe('ws://app.test/api/realtime?device_id=d1');
    expect(socket.sent[0]).toEqual({ event: 'login', token: 'tok-1', device: true });
    expect(seen).toEqual(['connecting', 'open']);
    expect(getRealtimeState().status).not.toBe('open'); // the tab's state is not the device's
    phone.stop();
  });

  it('waits longer after each failure, up to 30 s', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
  });
});
