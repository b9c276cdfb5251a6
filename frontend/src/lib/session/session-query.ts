import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { setTimeZone } from '@/lib/format';
import { queryDomains } from '@/lib/query-domains';

/** The session's query key: the app's auth provider loads it, a profile change refreshes it. */
export const sessionQueryKey = [queryDomains.auth, 'session'] as const;

/** The signed-in user's session: user, menus, allowed routes and page flags, and the business's time zone, in which
 *  lib/format reads every date and time from then on. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => {
    const session = await unwrap(api.GET('/auth/session', { cache: 'no-store' }));
    setTimeZone(session.timeZone);
    return session;
  },
  staleTime: 5 * 60_000,
});
