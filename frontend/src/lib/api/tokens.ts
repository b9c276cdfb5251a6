/**
 * The access token, in this tab's memory only: nothing a script could read later is stored (no localStorage).
 * The refresh token is an httpOnly cookie that no script sees; a page load gets a fresh access token by
 * refreshing with it.
 *
 * Tabs share one refresh: it runs under a Web Lock, and the tab that made it hands the new access token to the
 * others over a BroadcastChannel, so tabs that meet an expired token together send one refresh between them and
 * never present a rotated cookie (which would end the session). Sign-in and sign-out travel the same channel.
 */

/** What one tab tells the others. */
export type AuthMessage =
  | { type: 'token'; token: string } // a refresh: the same session's newer access token
  | { type: 'signed-in'; token: string } // a sign-in: a new session (perhaps of another user)
  | { type: 'signed-out' }
  | { type: 'refresh-failed' }; // the refresh a tab made gave no token

/** The sign-ins and sign-outs of other tabs. */
export type RemoteSessionEvent = 'signed-in' | 'signed-out';

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: AuthMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AuthMessage>) => void): void;
}

/** The part of the Web Locks API (navigator.locks) used here. */
export interface LocksLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Asks the server for a new access token with the refresh cookie; null when it gives none. */
export type RefreshCall = () => Promise<string | null>;

export const REFRESH_LOCK = 'crm-auth-refresh';
export const AUTH_CHANNEL = 'crm-auth';
/** How long a tab that waited for another tab's refresh waits for its answer before refreshing itself. */
const OUTCOME_WAIT_MS = 1500;

export interface TokenStore {
  getToken(): string | null;
  /** Sets this tab's access token without telling other tabs. */
  setToken(token: string | null): void;
  /** Stores the access token of a sign-in in this tab and hands it to the others. */
  signedIn(token: string): void;
  /** Forgets the token here and signs the other tabs out. */
  signedOut(): void;
  /** Token changes, from this tab or another. */
  subscribe(listener: () => void): () => void;
  /** Sign-ins and sign-outs made in other tabs. */
  subscribeRemote(listener: (event: RemoteSessionEvent) => void): () => void;
  /**
   * Replaces `stale` (the token the server refused, or null on a page load) with a fresh token; true when this
   * tab then holds one. Concurrent callers in a tab share one attempt, and tabs share one through the lock.
   */
  refresh(stale: string | null, call: RefreshCall): Promise<boolean>;
}

export function createTokenStore({
  channel,
  locks,
  outcomeWaitMs = OUTCOME_WAIT_MS,
}: {
  channel: ChannelLike | null;
  locks: LocksLike | null;
  outcomeWaitMs?: number;
}): TokenStore {
  let token: string | null = null;
  const listeners = new Set<() => void>();
  const remoteListeners = new Set<(event: RemoteSessionEvent) => void>();
  // Bumped when another tab's refresh gives no token: a tab waiting for that refresh gives up as well.
  let remoteFailures = 0;
  const outcomeWaiters = new Set<() => void>();
  let inFlight: Promise<boolean> | null = null;

  const set = (next: string | null) => {
    if (next === token) return;
    token = next;
    listeners.forEach((listener) => listener());
    outcomeWaiters.forEach((wake) => wake());
  };
  const post = (message: AuthMessage) => channel?.postMessage(message);

  channel?.addEventListener('message', ({ data }) => {
    if (data.type === 'token') set(data.token);
    else if (data.type === 'signed-in') {
      set(data.token);
      remoteListeners.forEach((listener) => listener('signed-in'));
    } else if (data.type === 'signed-out') {
      set(null);
      remoteListeners.forEach((listener) => listener('signed-out'));
    } else if (data.type === 'refresh-failed') {
      remoteFailures += 1;
      outcomeWaiters.forEach((wake) => wake());
    }
  });

  const fresh = (stale: string | null) => token !== null && token !== stale;

  /** The one refresh call, its answer kept and handed to the other tabs. Runs while holding the lock. */
  const callOnce = async (call: RefreshCall): Promise<boolean> => {
    const next = await call().catch(() => null);
    if (next) {
      set(next);
      post({ type: 'token', token: next });
      return true;
    }
    post({ type: 'refresh-failed' });
    return false;
  };

  /** True once `stale` is replaced, false when another tab's refresh failed, null after `ms`. */
  const outcome = (stale: string | null, failuresBefore: number, ms: number) =>
    new Promise<boolean | null>((resolve) => {
      const check = () => {
        if (fresh(stale)) finish(true);
        else if (remoteFailures !== failuresBefore) finish(false);
      };
      const timer = setTimeout(() => finish(null), ms);
      const finish = (result: boolean | null) => {
        clearTimeout(timer);
        outcomeWaiters.delete(check);
        resolve(result);
      };
      outcomeWaiters.add(check);
      check();
    });

  const acrossTabs = async (stale: string | null, call: RefreshCall): Promise<boolean> => {
    if (!locks) return callOnce(call); // no Web Locks: one refresh per tab; the server's grace covers the rest
    const failuresBefore = remoteFailures;
    const quick = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? callOnce(call) : null,
    );
    if (quick !== null) return quick;
    // Another tab is refreshing: its token comes over the channel. The lock is also waited for, in case that tab
    // closes before it answers; by then this tab's cookie is the rotated one, so its own refresh is safe.
    return locks.request(REFRESH_LOCK, async () => {
      if (fresh(stale)) return true;
      const result = await outcome(stale, failuresBefore, outcomeWaitMs);
      return result ?? callOnce(call);
    });
  };

  return {
    getToken: () => token,
    setToken: set,
    signedIn(next) {
      set(next);
      post({ type: 'signed-in', token: next });
    },
    signedOut() {
      set(null);
      post({ type: 'signed-out' });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeRemote(listener) {
      remoteListeners.add(listener);
      return () => remoteListeners.delete(listener);
    },
    refresh(stale, call) {
      if (fresh(stale)) return Promise.resolve(true); // another request (or tab) already replaced it
      inFlight ??= acrossTabs(stale, call).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

function browserChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
}

function browserLocks(): LocksLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as LocksLike) : null;
}

/** This tab's store. */
const store = createTokenStore({ channel: browserChannel(), locks: browserLocks() });

export const getToken = (): string | null => store.getToken();
export const setToken = (token: string | null): void => store.setToken(token);
export const clearTokens = (): void => store.setToken(null);
export const signedIn = (token: string): void => store.signedIn(token);
export const signedOut = (): void => store.signedOut();
export const subscribeTokens = (listener: () => void): (() => void) => store.subscribe(listener);
export const subscribeRemoteSession = (listener: (event: RemoteSessionEvent) => void): (() => void) =>
  store.subscribeRemote(listener);
export const refreshWith = (stale: string | null, call: RefreshCall): Promise<boolean> =>
  store.refresh(stale, call);
