import { api, unwrap } from './client';
import { ApiError } from './errors';
import { exportList } from './list-export';
import { setToken } from './tokens';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COLUMNS = [{ key: 'clientName', title: 'Client Name' }];

function answering(response: () => Response) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(input instanceof Request ? input : new Request(input, init));
      return response();
    }),
  );
  return seen;
}

const listCall = () => unwrap(api.GET('/clients', { params: { query: { offset: 20, limit: 10, search: 'bank', sort: 'clientName', desc: true } } }));

describe('exportList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the list's own call for every row as a spreadsheet, with its search and sort, and keeps the server's name", async () => {
    setToken('a');
    const seen = answering(
      () => new Response(new Blob(['PK']), { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="Clients 2026-11-29.xlsx"' } }),
    );
    const file = await exportList(listCall, { columns: COLUMNS, title: 'Clients' });
    expect(file.filename).toBe('Clients 2026-11-29.xlsx');
    expect(await file.blob.text()).toBe('PK');
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/api/clients');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'bank',
      sort: 'clientName',
      desc: 'true',
      export: 'xlsx',
      exportColumns: JSON.stringify(COLUMNS),
      exportTitle: 'Clients',
    });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer a');
  });

  it("rejects with the server's refusal", async () => {
    setToken('a');
    answering(() => new Response(JSON.stringify({ messages: ['You may not read Client Management.'] }), { status: 403, headers: { 'Content-Type': 'application/json' } }));
    const refused = exportList(listCall, { columns: COLUMNS, title: 'Clients' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow('You may not read Client Management.');
  });

  it('says so of a list whose call makes no API call at once, and leaves the next call alone', async () => {
    setToken('a');
    const seen = answering(() => new Response(JSON.stringify({ results: { data: [], totalRows: 0 } }), { headers: { 'Content-Type': 'application/json' } }));
    await expect(exportList(() => Promise.resolve([]), { columns: COLUMNS, title: 'X' })).rejects.toThrow('This list cannot be exported.');
    await listCall();
    expect(new URL(seen[0].url).searchParams.get('export')).toBeNull();
  });
});
