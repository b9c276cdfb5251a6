import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { queryDomains } from '@/lib/query-domains';

export type SearchAnswer = components['schemas']['SearchOut'];
export type SearchHit = components['schemas']['SearchHit'];

/** Fewer letters than this find nothing (the server answers nothing either): no call is made. */
export const SEARCH_MIN = 2;

export const searchKeys = { all: [queryDomains.search] as const, term: (q: string) => [queryDomains.search, q] as const };

/** GET /search: what the caller may see that matches, grouped by kind. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.term(q),
    queryFn: ({ signal }) => unwrap(api.GET('/search', { params: { query: { q } }, signal })),
    enabled: q.trim().length >= SEARCH_MIN,
    staleTime: 30_000,
  });
