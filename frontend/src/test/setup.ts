import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { clearTokens } from '@/lib/api/tokens';

// A find* or waitFor query runs again on every change of the page, and each miss builds its error, which by default
// prints the whole document: on a big page most of the work of waiting. The document is printed only when the
// message is read, that is for the error a test fails with.
configure({
  // What a test waits for (find*, waitFor) may take up to 3 s: a clean clone's CI runs these files beside pytest on
  // two cores, where a lazy route's first render or a calendar's first layout took past the library's default second
  // (two such failures on 29-Nov, each passing alone in about 1.5 s). A wait that succeeds is as quick as before.
  asyncUtilTimeout: 3000,
  getElementError(message, container) {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () =>
        (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
          .filter(Boolean)
          .join('\n\n')),
    });
    return error;
  },
});

afterEach(() => cleanup());

// React's development build records where each element is made (an Error and its stack, for up to 10,000 elements a
// second) to print an "owner stack" with a warning. No test reads one, and it was a tenth of the page tests' CPU
// (profiled: createElement's own time; 146 tests of three features took 6.2 s less of 60). Its counter is held past
// React's limit, so no element records one; VITEST_OWNER_STACKS=1 keeps them to trace a warning. When React renames
// the counter this fails, rather than quietly costing the time again.
if (!import.meta.env.VITEST_OWNER_STACKS) {
  const internals = (React as unknown as Record<string, Record<string, unknown>>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (typeof internals?.recentlyCreatedOwnerStacks !== 'number') {
    throw new Error("React's owner stack counter moved: see src/test/setup.ts");
  }
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined });
}

// Every test starts on real timers, even after a test that timed out went on and faked them once its own hooks
// had run (its files share a worker with others: vite.config.ts, isolate).
beforeEach(() => {
  vi.useRealTimers();
});

// Runs before the cleanup above (after-each hooks run last-registered first, and a test file's own
// ones before these): tests stub fetch and sign in with setToken (in memory); undo both, then let React
// finish pending work before the tree is unmounted. antd is not imported here: pure tests would
// pay for loading it, so files that open dialogs add `afterEach(() => Modal.destroyAll())`.
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearTokens();
  localStorage.clear();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
});

// antd's responsive helpers ask matchMedia: width queries are answered from window.innerWidth (1024, a desktop),
// which a test sets to lay a page out as on a phone (happy-dom's own matchMedia and innerWidth follow its window's
// settings, which a test does not reach).
function matchesWidth(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && window.innerWidth < Number(min[1])) return false;
  if (max && window.innerWidth > Number(max[1])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1024 });
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// No test reaches the network: the signed-in shell opens the realtime connection, whose socket here never opens
// (happy-dom's would dial localhost and close, changing the state a test set). Tests of the connection stub their
// own (vi.stubGlobal, undone after each test back to this one).
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly url: string;
  readyState = SilentWebSocket.CONNECTING;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
  }
  send() {}
  close() {
    this.readyState = SilentWebSocket.CLOSED;
  }
}
for (const scope of [window, globalThis]) {
  Object.defineProperty(scope, 'WebSocket', { writable: true, configurable: true, value: SilentWebSocket });
}

// No test reaches the network: a call no stub answers (a query refetching after its test ended) is refused here,
// where happy-dom would dial localhost. Tests stub fetch (stubApi), and undoing the stub comes back to this one.
const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch: the tests reach no network'));
for (const scope of [window, globalThis]) {
  Object.defineProperty(scope, 'fetch', { writable: true, configurable: true, value: offline });
}

// happy-dom's Request has no cache mode; the app asks for one (the session is never answered from a cache), and the
// tests read it from the requests they record. Kept here, as a browser keeps it: from the init, else from the request
// copied.
const BaseRequest = window.Request;
if (!('cache' in BaseRequest.prototype)) {
  const modes = new WeakMap<Request, RequestCache>();
  Object.defineProperty(BaseRequest.prototype, 'cache', {
    configurable: true,
    get(this: Request): RequestCache {
      return modes.get(this) ?? 'default';
    },
  });
  const WithCache = new Proxy(BaseRequest, {
    construct(target, args: [RequestInfo | URL, RequestInit?], newTarget) {
      const request = Reflect.construct(target, args, newTarget) as Request;
      const [input, init] = args;
      modes.set(request, init?.cache ?? (input instanceof BaseRequest ? input.cache : 'default'));
      return request;
    },
  });
  for (const scope of [window, globalThis]) {
    Object.defineProperty(scope, 'Request', { writable: true, configurable: true, value: WithCache });
  }
}

// happy-dom lays nothing out (every box is 0 by 0), but it has ResizeObserver, computed styles and scrollIntoView.
