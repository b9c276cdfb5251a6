import {
  createTokenStore,
  getToken,
  signedIn,
  signedOut,
  type AuthMessage,
  type ChannelLike,
  type LocksLike,
  type TokenStore,
} from './tokens';

/** One browser's BroadcastChannel: a message reaches every other tab's channel, `delay` ms later. */
function channelHub(delay = 0) {
  const channels: { deliver: (message: AuthMessage) => void }[] = [];
  let dropping = false;
  return {
    channel(): ChannelLike {
      const listeners: ((event: MessageEvent<AuthMessage>) => void)[] = [];
      const self = {
        deliver: (message: AuthMessage) => listeners.forEach((l) => l({ data: message } as MessageEvent<AuthMessage>)),
      };
      channels.push(self);
      return {
        postMessage(message) {
          if (dropping) return;
          channels
            .filter((c) => c !== self)
            .forEach((c) => setTimeout(() => c.deliver(message), delay));
        },
        addEventListener: (_type, listener) => listeners.push(listener),
      };
    },
    /** The tab closes or its messages get lost: nothing it posts arrives. */
    drop() {
      dropping = true;
    },
  };
}

/** One browser's navigator.locks (jsdom has none): exclusive, granted in order, `ifAvailable` as specified. */
function lockManager(): LocksLike {
  let queued = 0;
  let tail: Promise<unknown> = Promise.resolve();
  const request = <T,>(
    _name: string,
    optionsOrCallback: { ifAvailable: true } | ((lock: unknown) => Promise<T>),
    maybeCallback?: (lock: unknown) => Promise<T>,
  ): Promise<T> => {
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback!;
    const ifAvailable = typeof optionsOrCallback !== 'function' && optionsOrCallback.ifAvailable;
    if (ifAvailable && queued > 0) return Promise.resolve().then(() => callback(null));
    queued += 1;
    const run = tail.then(async () => {
      try {
        return await callback({});
      } finally {
        queued -= 1;
      }
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return { request } as LocksLike;
}

/** The server's refresh: answers after `ms` with the next token, counting the calls that reached it. */
function server(ms = 20, answer: (n: number) => string | null = (n) => `access-${n}`) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    call: () =>
      new Promise<string | null>((resolve) => {
        calls += 1;
        const n = calls;
        setTimeout(() => resolve(answer(n)), ms);
      }),
  };
}

function tabs(count: number, { delay = 0, locks = lockManager() as LocksLike | null, wait = 1500 } = {}) {
  const hub = channelHub(delay);
  const list: TokenStore[] = Array.from({ length: count }, () =>
    createTokenStore({ channel: hub.channel(), locks, outcomeWaitMs: wait }),
  );
  return { hub, list };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('the access token', () => {
  it('is kept in memory only: nothing in localStorage or sessionStorage', () => {
    signedIn('secret-access');
    expect(getToken()).toBe('secret-access');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    signedOut();
    expect(getToken()).toBeNull();
  });
});

describe('one refresh for every tab', () => {
  it('two tabs refused the same token at once: one refresh call, both get its token', async () => {
    const { list: [a, b] } = tabs(2);
    a.setToken('expired');
    b.setToken('expired');
    const api = server();
    const results = await Promise.all([a.refresh('expired', api.call), b.refresh('expired', api.call)]);
    expect(results).toEqual([true, true]);
    expect(api.calls).toBe(1);
    expect([a.getToken(), b.getToken()]).toEqual(['access-1', 'access-1']);
  });

  it('tabs opened together (no token yet) share one refresh', async () => {
    const { list } = tabs(3);
    const api = server();
    const results = await Promise.all(list.map((tab) => tab.refresh(null, api.call)));
    expect(results).toEqual([true, true, true]);
    expect(api.calls).toBe(1);
    expect(list.map((tab) => tab.getToken())).toEqual(['access-1', 'access-1', 'access-1']);
  });

  it('a waiting tab still takes the token when the message comes after the lock', async () => {
    const { list: [a, b] } = tabs(2, { delay: 60 });
    const api = server(10);
    const results = await Promise.all([a.refresh(null, api.call), b.refresh(null, api.call)]);
    expect(results).toEqual([true, true]);
    expect(api.calls).toBe(1);
    expect(b.getToken()).toBe('access-1');
  });

  it("a request in one tab that fails after another tab's refresh retries with that token, without a call", async () => {
    const { list: [a, b] } = tabs(2);
    a.setToken('expired');
    b.setToken('expired');
    const api = server();
    await a.refresh('expired', api.call);
    await tick();
    expect(await b.refresh('expired', api.call)).toBe(true);
    expect(api.calls).toBe(1);
  });

  it('in one tab, requests refused together share one call', async () => {
    const { list: [a] } = tabs(1);
    const api = server();
    const results = await Promise.all([1, 2, 3].map(() => a.refresh('expired', api.call)));
    expect(results).toEqual([true, true, true]);
    expect(api.calls).toBe(1);
  });

  it("when the refreshing tab's call fails, the waiting tab gives up too instead of trying the cookie again", async () => {
    const { list: [a, b] } = tabs(2);
    const api = server(20, () => null);
    const results = await Promise.all([a.refresh(null, api.call), b.refresh(null, api.call)]);
    expect(results).toEqual([false, false]);
    expect(api.calls).toBe(1);
  });

  it('a tab closed mid-refresh leaves the lock to the next tab, which refreshes itself', async () => {
    const { hub, list: [a, b] } = tabs(2, { wait: 50 });
    hub.drop();
    const api = server();
    const results = await Promise.all([a.refresh(null, api.call), b.refresh(null, api.call)]);
    expect(results).toEqual([true, true]);
    expect(api.calls).toBe(2); // one after the other, so the second sends the cookie the first one rotated
    expect(b.getToken()).toBe('access-2');
  });

  it('without Web Locks a tab still sends one refresh for its own requests', async () => {
    const { list: [a] } = tabs(1, { locks: null });
    const api = server();
    await Promise.all([a.refresh(null, api.call), a.refresh(null, api.call)]);
    expect(api.calls).toBe(1);
    expect(a.getToken()).toBe('access-1');
  });
});

describe('signing in and out across tabs', () => {
  it('a sign-out in one tab signs the others out', async () => {
    const { list: [a, b] } = tabs(2);
    a.setToken('t');
    b.setToken('t');
    const events: string[] = [];
    b.subscribeRemote((event) => events.push(event));
    a.signedOut();
    await tick();
    expect(b.getToken()).toBeNull();
    expect(events).toEqual(['signed-out']);
  });

  it('a sign-in in one tab signs the others in', async () => {
    const { list: [a, b] } = tabs(2);
    const changes = vi.fn();
    b.subscribe(changes);
    const events: string[] = [];
    b.subscribeRemote((event) => events.push(event));
    a.signedIn('new-session');
    await tick();
    expect(b.getToken()).toBe('new-session');
    expect(changes).toHaveBeenCalled();
    expect(events).toEqual(['signed-in']);
  });

  it("another tab's refresh is not a sign-in: the token changes quietly", async () => {
    const { list: [a, b] } = tabs(2);
    const events: string[] = [];
    b.subscribeRemote((event) => events.push(event));
    await a.refresh(null, server().call);
    await tick();
    expect(b.getToken()).toBe('access-1');
    expect(events).toEqual([]);
  });
});
