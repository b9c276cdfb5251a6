import type { NotificationFilter } from '@/lib/api/types';
import { queryDomains } from '@/lib/query-domains';
import type { NotificationListParams } from './types';

const all = [queryDomains.notifications] as const;

/** The bell's latest notifications and the inbox's pages. */
export const notificationKeys = {
  all: all,
  limited: (userId: number | undefined, type: NotificationFilter) =>
    [...all, 'limited', { userId, type }] as const,
  list: (params: NotificationListParams) => [...all, 'list', params] as const,
};
