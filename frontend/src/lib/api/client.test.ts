import { createApiClient, setAuthFailureHandler, unwrap } from './client';
import { ApiError } from './errors';
import { getToken, setToken } from './tokens';

type Handler = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(handler: Handler) {
  const calls: Request[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request.clone());
    return handler(request);
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

// The client is typed from the generated schema; tests talk to it loosely.
const loose = (client: ReturnType<typeof createApiClient>) => client as any;

describe('api client', () => {
  const onAuthFailure = vi.fn();

  beforeEach(() => {
    onAuthFailure.mockReset();
    setAuthFailureHandler(onAuthFailure);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the bearer token from memory and marks the call as the app's own", async () => {
    setToken('access-1');
    const calls = stubFetch(() => json(200, { results: { status: 'ok' } }));
    const result = await unwrap(loose(createApiClient()).GET('/health'));
    expect(result).toEqual({ status: 'ok' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-1');
    expect(calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(localStorage.length).toBe(0);
  });

  it('turns a non-2xx body into an ApiError with the server messages', async () => {
    stubFetch(() => json(404, { messages: ['User not found'], type: 'NotFound' }));
    const error = await unwrap(loose(createApiClient()).GET('/health')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).messages).toEqual(['User not found']);
  });

  it('uses ["got errors"] when the error body has no messages', async () => {
    stubFetch(() => new Response('oops', { status: 500 }));
    const error = (await unwrap(loose(createApiClient()).GET('/health')).catch((e: unknown) => e)) as ApiError;
    expect(error.messages).toEqual(['got errors']);
  });

  it('refreshes once on a 401 with the cookie, keeps the new token and retries', async () => {
    setToken('old');
    const calls = stubFetch(async (request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/auth/refresh') {
        expect(await request.text()).toBe(''); // the refresh token is the httpOnly cookie, never in a body
        expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
        expect(request.credentials).toBe('same-origin');
        return json(200, { results: { token: 'new' } });
      }
      return request.headers.get('Authorization') === 'Bearer new'
        ? json(200, { results: 'fresh' })
        : json(401, { messages: ['Not signed in'] });
    });
    const client = loose(createApiClient());
    const [a, b] = await Promise.all([unwrap(client.GET('/one')), unwrap(client.GET('/two'))]);
    expect([a, b]).toEqual(['fresh', 'fresh']);
    expect(getToken()).toBe('new');
    expect(localStorage.length).toBe(0);
    const refreshCalls = calls.filter((c) => c.url.endsWith('/api/auth/refresh'));
    expect(refreshCalls).toHaveLength(1); // single-flight
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('retries a request body after refreshing', async () => {
    setToken('old');
    stubFetch(async (request) => {
      if (request.url.endsWith('/auth/refresh')) {
        return json(200, { results: { token: 'new' } });
      }
      if (request.headers.get('Authorization') !== 'Bearer new') return json(401, {});
      return json(200, { results: await request.json() });
    });
    const result = await unwrap(loose(createApiClient()).PUT('/notification', { body: { ids: [1, 2] } }));
    expect(result).toEqual({ ids: [1, 2] });
  });

  it('clears the tokens and signs out when the refresh fails', async () => {
    setToken('old');
    stubFetch((request) =>
      request.url.endsWith('/auth/refresh') ? json(401, { messages: ['Revoked'] }) : json(401, {}),
    );
    const error = (await unwrap(loose(createApiClient()).GET('/auth/session')).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh when the login itself answers 401', async () => {
    const calls = stubFetch(() => json(401, { messages: ['Nope'] }));
    await unwrap(loose(createApiClient()).POST('/auth/login', { body: {} })).catch(() => undefined);
    expect(calls).toHaveLength(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
