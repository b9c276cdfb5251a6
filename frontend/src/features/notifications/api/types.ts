import type { NotificationFilter } from '@/lib/api/types';

/** What the inbox asks for: a type, a search and whether only unread ones. */
export interface NotificationListParams {
  userId: number | undefined;
  type: NotificationFilter;
  search: string;
  unread: boolean;
}
