import { describe, expect, it } from 'vitest';
import { pagesMatching } from './pages';

const PAGES = [
  { name: 'Leads', code: 'leads', url: '/leads' },
  { name: 'Client Management', code: 'system/client-management', url: '/system/client-management' },
  { name: 'Approval Queue', code: 'approval-queue', url: null },
];

describe('pagesMatching', () => {
  it('keeps the pages whose name, code or address holds the filter, in any case, around spaces', () => {
    expect(pagesMatching(PAGES, '  MANAGEMENT ').map((p) => p.code)).toEqual(['system/client-management']);
    expect(pagesMatching(PAGES, 'queue').map((p) => p.code)).toEqual(['approval-queue']);
    expect(pagesMatching(PAGES, '/lead').map((p) => p.code)).toEqual(['leads']);
    expect(pagesMatching(PAGES, 'nothing')).toEqual([]);
  });

  it('keeps every page for an empty filter', () => {
    expect(pagesMatching(PAGES, ' ')).toBe(PAGES);
  });
});
