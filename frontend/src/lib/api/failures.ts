import type { Middleware } from 'openapi-fetch';
import { useSyncExternalStore } from 'react';
import { ApiError } from './errors';

/** One API call that failed: what the debug viewer (spec 1 §2.2) lists. */
export interface ApiFailure {
  /** Its place in the order of failures, from 1. */
  id: number;
  method: string;
  /** The path without its query (a reset link's token travels in one). */
  path: string;
  /** The answer's status, or null when no answer came (offline, refused). */
  status: number | null;
  messages: string[];
  /** When it failed (ms since the epoch). */
  at: number;
}

/** How many failures are kept, newest first. */
export const API_FAILURES_KEPT = 20;

let failures: readonly ApiFailure[] = [];
let counted = 0;
const listeners = new Set<() => void>();

function record(failure: Omit<ApiFailure, 'id'>): void {
  counted += 1;
  failures = [{ id: counted, ...failure }, ...failures].slice(0, API_FAILURES_KEPT);
  listeners.forEach((listener) => listener());
}

export function getApiFailures(): readonly ApiFailure[] {
  return failures;
}

export function clearApiFailures(): void {
  failures = [];
  listeners.forEach((listener) => listener());
}

export function subscribeApiFailures(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last failed API calls, newest first. */
export function useApiFailures(): readonly ApiFailure[] {
  return useSyncExternalStore(subscribeApiFailures, getApiFailures);
}

async function bodyOf(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return null;
  }
}

/**
 * Keeps every failed call of the API client (a non-2xx answer, or none at all), with the messages an ApiError of it
 * carries. Registered before the auth middleware, it sees the final answer: a 401 that a refresh and retry
 * answered is no failure.
 */
export function createFailureLogMiddleware(): Middleware {
  const pathOf = (request: Request) => new URL(request.url).pathname;
  return {
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const { messages } = new ApiError(response.status, await bodyOf(response));
      record({ method: request.method, path: pathOf(request), status: response.status, messages, at: Date.now() });
      return undefined;
    },
    onError({ request, error }) {
      // a query cancelled on purpose (its screen closed) did not fail
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return undefined;
      const message = error instanceof Error && error.message ? error.message : 'No answer';
      record({ method: request.method, path: pathOf(request), status: null, messages: [message], at: Date.now() });
      return undefined;
    },
  };
}
