import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as SchemaPaths } from './schema';
import { ApiError } from './errors';
import { createFailureLogMiddleware } from './failures';
import { createListExportMiddleware } from './list-export';
import { clearTokens, getToken, refreshWith } from './tokens';

/** Every API path is served under /api on the same origin (vite proxies it in development). */
export const API_BASE_URL = '/api';

/** The absolute base URL on this origin (Request needs an absolute URL outside browsers). */
function originBaseUrl(): string {
  return typeof window === 'undefined' ? API_BASE_URL : `${window.location.origin}${API_BASE_URL}`;
}

/** The schema's paths without their /api prefix, which is the client's base URL. */
export type ApiPaths = {
  [K in keyof SchemaPaths as K extends `/api${infer Rest}` ? Rest : never]: SchemaPaths[K];
};

export type ApiClient = Client<ApiPaths>;

/** The JSON body of an operation, as the generated schema types it (multipart bodies: lib/api/multipart). */
export type JsonBody<P extends keyof ApiPaths, M extends 'post' | 'put' | 'patch'> = ApiPaths[P] extends {
  [K in M]: { requestBody?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

type AuthFailureHandler = () => void;

let authFailureHandler: AuthFailureHandler = () => {
  if (window.location.pathname !== '/signin') window.location.assign('/signin');
};

/** Lets the app replace the hard redirect with a router navigation. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  authFailureHandler = handler;
}

// Calls that must never trigger a refresh-and-retry: a 401 there is the answer itself (a sign-in from a new device
// answers 401 DeviceVerificationRequired, a user with a second factor SecondFactorRequired). A sign-out with an
// expired access token refreshes and retries, so that the server ends the session.
const NO_REFRESH = [
  '/auth/login',
  '/auth/login/code',
  '/auth/login/code/resend',
  '/auth/login/second-factor',
  '/auth/login/second-factor/enrol',
  '/auth/refresh',
];

/**
 * Marks a call as the app's own. The server refuses refresh and sign-out without it: another site's page cannot
 * add a header to a request without the server's consent (CORS), so the refresh cookie cannot be used from there.
 */
export const APP_REQUEST_HEADER = { 'X-Requested-With': 'XMLHttpRequest' } as const;

function isNoRefreshPath(url: string): boolean {
  const { pathname } = new URL(url, window.location.origin);
  return NO_REFRESH.some((suffix) => pathname.endsWith(suffix));
}

// Late-bound so tests (and anything else) can replace globalThis.fetch after import.
const lateFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** A client without the auth middleware, used for the refresh call itself. */
const bareClient = createClient<ApiPaths>({ baseUrl: originBaseUrl(), fetch: lateFetch });

/** One refresh call: the refresh cookie goes along (same origin); the new access token, or null. */
async function callRefresh(): Promise<string | null> {
  const { data, response } = await bareClient.POST('/auth/refresh', {
    headers: APP_REQUEST_HEADER,
    credentials: 'same-origin',
  });
  const token = (data as { results?: { token?: string } } | undefined)?.results?.token;
  return response.ok && token ? token : null;
}

/**
 * Replaces an access token the server refused (`stale`; null on a page load) with a fresh one, through the
 * refresh shared by every tab (lib/api/tokens). Resolves true when this tab then holds a token.
 */
export function refreshAccessToken(stale: string | null = getToken()): Promise<boolean> {
  return refreshWith(stale, callRefresh);
}

function withBearer(request: Request, token: string | null): Request {
  const next = new Request(request);
  next.headers.set('X-Requested-With', APP_REQUEST_HEADER['X-Requested-With']);
  if (token) next.headers.set('Authorization', `Bearer ${token}`);
  else next.headers.delete('Authorization');
  return next;
}

/** Adds the bearer token (and the app's header); on a 401 refreshes once and retries, else signs the user out. */
export function createAuthMiddleware(): Middleware {
  const pending = new Map<string, { retry: Request; token: string | null }>();
  return {
    onRequest({ request, id }) {
      const token = getToken();
      const authorised = withBearer(request, token);
      // Keep an unread copy: the body of the original is consumed when it is sent.
      pending.set(id, { retry: authorised.clone(), token });
      return authorised;
    },
    async onResponse({ request, response, id, options }) {
      const entry = pending.get(id);
      pending.delete(id);
      if (response.status !== 401 || !entry || isNoRefreshPath(request.url)) return undefined;

      // Another request (or tab) may already have replaced the token while this one was in flight.
      const refreshed = await refreshAccessToken(entry.token);
      if (!refreshed) {
        clearTokens();
        authFailureHandler();
        return undefined;
      }
      const retried = await options.fetch(withBearer(entry.retry, getToken()));
      if (retried.status === 401) {
        clearTokens();
        authFailureHandler();
      }
      return retried;
    },
    onError({ id }) {
      pending.delete(id);
    },
  };
}

/** Builds a typed API client with the auth middleware; its failed calls are kept for the debug viewer (./failures). */
export function createApiClient(baseUrl: string = originBaseUrl()): ApiClient {
  const client = createClient<ApiPaths>({ baseUrl, fetch: lateFetch });
  // the failure log first: answers pass the middlewares last to first, so it sees what the auth middleware made of one;
  // before it, a list's export (./list-export), which must see the call at once and its final answer
  client.use(createListExportMiddleware(), createFailureLogMiddleware(), createAuthMiddleware());
  return client;
}

/** The application's API client. */
export const api = createApiClient();

type Results<T> = T extends { results: infer R } ? R : T;

/**
 * Awaits an openapi-fetch call and returns its `results`, throwing an ApiError for any
 * non-2xx answer.
 */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<Results<NonNullable<R['data']>>> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error);
  if (data && typeof data === 'object' && 'results' in data) {
    return (data as { results: unknown }).results as Results<NonNullable<R['data']>>;
  }
  return data as Results<NonNullable<R['data']>>;
}
