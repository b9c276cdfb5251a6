import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { clearTokens } from '@/lib/api/tokens';

// A find* or waitFor query runs again on every change of the page, and each miss builds its error, which by default
// prints the whole document: on a big page most of the work of waiting. The document is printed only when the
// message is read, that is for the error a test fails with.
configure({
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

// antd's responsive helpers need matchMedia, which jsdom lacks: answer width queries from
// window.innerWidth (1024 in jsdom) so layouts behave as on a desktop unless a test resizes.
function matchesWidth(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && window.innerWidth < Number(min[1])) return false;
  if (max && window.innerWidth > Number(max[1])) return false;
  return Boolean(min || max);
}

if (!window.matchMedia) {
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
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom does not implement computed styles for pseudo-elements; antd asks for them.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  getComputedStyle(element, pseudo ? undefined : pseudo);

// jsdom does not lay out, so it has no scrollIntoView.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}
