import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { queryDomains } from '@/lib/query-domains';

/** The session's query key: the app's auth provider loads it, a profile change refreshes it. */
export const sessionQueryKey = [queryDomains.auth, 'session'] as const;

/** The signed-in user's session: user, menus, allowed routes and page flags. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: () => unwrap(api.GET('/auth/session', { cache: 'no-store' })),
  staleTime: 5 * 60_000,
});
