import { createApiClient, setAuthFailureHandler, unwrap } from './client';
import { API_FAILURES_KEPT, clearApiFailures, getApiFailures } from './failures';
import { setToken } from './tokens';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const loose = (client: ReturnType<typeof createApiClient>) => client as any;

describe('the failed API calls kept for the debug viewer', () => {
  beforeEach(() => {
    clearApiFailures();
    setAuthFailureHandler(() => undefined);
  });

  it('keeps method, path (no query), status, the server messages and the time, newest first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname.endsWith('/ok')) return json(200, { results: 1 });
        if (url.pathname.endsWith('/leads/9')) return json(404, { messages: ['Lead not found.'], type: 'NotFound' });
        return new Response('boom', { status: 500 });
      }),
    );
    const client = loose(createApiClient());
    const before = Date.now();
    await unwrap(client.GET('/ok'));
    await unwrap(client.GET('/leads/9')).catch(() => undefined);
    await unwrap(client.PUT('/forgot', { params: { query: { token: 'secret' } }, body: {} })).catch(() => undefined);
    const [last, first] = getApiFailures();
    expect(getApiFailures()).toHaveLength(2);
    expect(first).toMatchObject({ method: 'GET', path: '/api/leads/9', status: 404, messages: ['Lead not found.'] });
    expect(first.at).toBeGreaterThanOrEqual(before);
    expect(last).toMatchObject({ method: 'PUT', path: '/api/forgot', status: 500, messages: ['got errors'] });
    expect(JSON.stringify(getApiFailures())).not.toContain('secret');
  });

  it('does not keep a 401 that a refresh and retry answered, and keeps a call that got no answer', async () => {
    setToken('old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.url.endsWith('/offline')) throw new TypeError('Failed to fetch');
        if (request.url.endsWith('/auth/refresh')) return json(200, { results: { token: 'new' } });
        return request.headers.get('Authorization') === 'Bearer new' ? json(200, { results: 1 }) : json(401, {});
      }),
    );
    const client = loose(createApiClient());
    expect(await unwrap(client.GET('/one'))).toBe(1);
    expect(getApiFailures()).toEqual([]);
    await unwrap(client.GET('/offline')).catch(() => undefined);
    expect(getApiFailures()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/offline', status: null, messages: ['Failed to fetch'] }),
    ]);
  });

  it(`keeps only the last ${API_FAILURES_KEPT}`, async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { messages: ['Conflict'] })));
    const client = loose(createApiClient());
    for (let i = 0; i < API_FAILURES_KEPT + 5; i += 1) {
      await unwrap(client.GET(`/item/${i}`)).catch(() => undefined);
    }
    const kept = getApiFailures();
    expect(kept).toHaveLength(API_FAILURES_KEPT);
    expect(kept[0].path).toBe(`/api/item/${API_FAILURES_KEPT + 4}`);
    expect(kept.at(-1)!.path).toBe('/api/item/5');
  });
});
