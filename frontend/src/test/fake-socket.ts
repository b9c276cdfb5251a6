/**
 * The browser's WebSocket as lib/realtime's connection sees it, for tests that play the server: stub it with
 * `vi.stubGlobal('WebSocket', FakeSocket)`. It opens on the next tick and, unless `FakeSocket.autoReady` is false,
 * answers the sign-in with `ready` at once.
 */
export class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  static autoReady = true;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  static get last(): FakeSocket | undefined {
    return FakeSocket.all.at(-1);
  }

  /** Forget the sockets of earlier tests. */
  static reset(autoReady = true): void {
    FakeSocket.all = [];
    FakeSocket.autoReady = autoReady;
  }

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
      if (FakeSocket.autoReady) this.say({ event: 'ready', connectionId: 'c1', heartbeatSeconds: 10 });
    }, 0);
  }

  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close() {
    this.readyState = 3;
  }

  /** A message from the server. */
  say(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
