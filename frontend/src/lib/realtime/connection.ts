import { API_BASE_URL, refreshAccessToken } from '@/lib/api/client';
import { getToken } from '@/lib/api/tokens';
import { setRealtimeState, type RealtimeState } from './state';

/** A message of the realtime channel (api/realtime/socket.py): its `event` and whatever it carries. */
export interface RealtimeMessage {
  event: string;
  [key: string]: unknown;
}

type Handler = (message: RealtimeMessage) => void;

export interface ConnectionOptions {
  open?: (url: string) => WebSocket;
  url?: () => string;
  login?: Record<string, unknown>;
  report?: (next: Partial<RealtimeState>) => void;
}

export const NOT_SIGNED_IN = 4401;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, with jitter so that the tabs of a restarted server do not all come back at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

/** The realtime channel's address on this host, with `query` (a call device's name) when given. */
export function realtimeUrl(query?: Record<string, string>): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${scheme}://${window.location.host}${API_BASE_URL}/realtime${search}`;
}

/**
 * The tab's one realtime connection: opened after sign-in, signed in with the session token as its first message,
 * kept alive with pings, told when the tab is hidden or shown, reconnected with back-off (after a token refresh
 * when the server says the token no longer holds), and closed with `logout` on sign-out. Screens listen to its
 * events (`on`) and ask for topics (`watch`), which it asks again after a reconnect.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private running = false;
  private opened = false; // since start: a later ready is a reconnect
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly topics = new Map<string, number>();

  private readonly open: (url: string) => WebSocket;
  private readonly url: () => string;
  private readonly login: Record<string, unknown>;
  private readonly report: (next: Partial<RealtimeState>) => void;
  private state: RealtimeState = { status: 'off', since: null, reconnects: 0 };

  /**
   * The tab's connection takes the defaults and reports to lib/realtime's state (the debug viewer reads it). A call
   * device names itself in its `url` (realtimeUrl({ device_id, user_id, username, domain })), adds
   * `{ device: true }` to its `login` and follows its own state through `report`.
   */
  constructor(options: ConnectionOptions = {}) {
    this.open = options.open ?? ((url) => new WebSocket(url));
    this.url = options.url ?? (() => realtimeUrl());
    this.login = options.login ?? {};
    this.report = options.report ?? setRealtimeState;
  }

  private setState(next: Partial<RealtimeState>): void {
    this.state = { ...this.state, ...next };
    this.report(next);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.opened = false;
    this.attempt = 0;
    this.setState({ reconnects: 0 });
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  /** Sign-out: the server is told (the person leaves at once), nothing reconnects. */
  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    document.removeEventListener('visibilitychange', this.onVisibility);
    const socket = this.socket;
    this.socket = null;
    this.stopBeating();
    if (socket) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ event: 'logout' }));
      socket.close(1000);
    }
    this.setState({ status: 'off', since: null });
  }

  on(event: string, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  /** Ask for a topic's events while the returned function has not been called (counted: two screens, one ask). */
  watch(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) this.send({ event: 'watch', topic });
    return () => {
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topics.set(topic, left);
        return;
      }
      this.topics.delete(topic);
      this.send({ event: 'unwatch', topic });
    };
  }

  /** Send a message of the protocol now (dropped while the connection is not open). */
  send(message: RealtimeMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN && this.state.status === 'open') {
      this.socket.send(JSON.stringify(message));
    }
  }

  private readonly onVisibility = () => {
    this.send({ event: 'visibility', visible: document.visibilityState !== 'hidden' });
  };

  private connect(): void {
    if (!this.running) return;
    const token = getToken();
    if (!token) {
      this.schedule();
      return;
    }
    this.setState({ status: 'connecting' });
    const socket = this.open(this.url());
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ event: 'login', token, ...this.login }));
    socket.onmessage = (event: MessageEvent) => {
      let message: RealtimeMessage;
      try {
        message = JSON.parse(String(event.data)) as RealtimeMessage;
      } catch {
        return;
      }
      if (message.event === 'ready') this.ready(socket, Number(message.heartbeatSeconds) || 10);
      this.handlers.get(message.event)?.forEach((handler) => handler(message));
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return; // an old socket of a stopped or replaced connection
      this.socket = null;
      this.stopBeating();
      this.setState({ status: 'closed' });
      if (!this.running) return;
      if (event.code === NOT_SIGNED_IN) {
        // a fresh token (another tab's refresh counts) is enough to try again; else the API client signs out
        void refreshAccessToken(token).then((fresh) => {
          if (fresh) this.schedule();
        });
        return;
      }
      this.schedule();
    };
  }

  private ready(socket: WebSocket, heartbeatSeconds: number): void {
    const { reconnects } = this.state;
    this.setState({ status: 'open', since: Date.now(), reconnects: this.opened ? reconnects + 1 : reconnects });
    this.opened = true;
    this.attempt = 0;
    this.stopBeating();
    this.heartbeat = setInterval(() => this.send({ event: 'ping' }), heartbeatSeconds * 1000);
    if (document.visibilityState === 'hidden') this.onVisibility();
    this.topics.forEach((_, topic) => socket.send(JSON.stringify({ event: 'watch', topic })));
  }

  private stopBeating(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private schedule(): void {
    if (!this.running) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }
}

/** The tab's connection. */
export const realtime = new RealtimeConnection();
