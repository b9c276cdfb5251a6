import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { Notification, NotificationFilter } from '@/lib/api/types';
import { notificationKeys } from './keys';
import type { NotificationListParams } from './types';

export const NOTIFICATION_PAGE_SIZE = 10;
/** A search asks for up to 100 matches on one page (spec §9). */
export const NOTIFICATION_SEARCH_LIMIT = 100;
/** The unread count is polled in the background every 20 seconds. */
export const NOTIFICATION_POLL_MS = 20_000;
/** How long a clicked notification takes to fade out before the app moves on. */
export const NOTIFICATION_FADE_MS = 1000;

export const NOTIFICATION_TABS: Array<{ key: NotificationFilter; label: string }> = [
  { key: 'ALL', label: 'All' },
  { key: 'INFORMATION', label: 'Informations' },
  { key: 'APPROVAL', label: 'Approval' },
];

/** The latest ten of a type and the unread count, for the bell. */
export const limitedNotificationsQueryOptions = (userId: number | undefined, type: NotificationFilter) =>
  queryOptions({
    queryKey: notificationKeys.limited(userId, type),
    queryFn: () =>
      unwrap(api.GET('/notification/limited', { params: { query: { user: userId, type } } })),
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled: userId !== undefined,
  });

/** The inbox: pages of 10, or one page of up to 100 when searching. */
export const notificationListQueryOptions = (params: NotificationListParams) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(params),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const searching = params.search.trim() !== '';
      return unwrap(
        api.GET('/notification', {
          params: {
            query: {
              user: params.userId,
              type: params.type,
              page: searching ? 1 : pageParam,
              limit: searching ? NOTIFICATION_SEARCH_LIMIT : NOTIFICATION_PAGE_SIZE,
              ...(searching ? { search: params.search.trim() } : {}),
              ...(params.unread ? { unread: true } : {}),
            },
          },
        }),
      );
    },
    getNextPageParam: (last) =>
      params.search.trim() === '' && last.pagination.hasMore ? last.pagination.page + 1 : undefined,
    enabled: params.userId !== undefined,
  });

export function markNotificationsRead(ids: number[]) {
  return unwrap(api.PUT('/notification', { body: { ids } }));
}

export function markAllNotificationsRead(type: NotificationFilter, userId: number | undefined) {
  return unwrap(api.PUT('/notification/read-all', { body: { type, user: userId } }));
}

export const INBOX_PATH = '/user/inbox';

/**
 * Where a notification leads its reader: the server names a page this reader may open (their lead, the lead's
 * read-only view for an approver, the cost sheet, the approval queue), or the inbox when there is none.
 */
export function notificationTarget(notification: Pick<Notification, 'target'>): string {
  return notification.target || INBOX_PATH;
}

/** Whether opening it leaves the inbox. */
export const leadsElsewhere = (notification: Pick<Notification, 'target'>) =>
  notificationTarget(notification) !== INBOX_PATH;
