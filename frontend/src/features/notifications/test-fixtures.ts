import { json, makeSession, stubApi } from '@/test/render';

/** An unread request for the reader's approval, as the server lists it. */
export const UNREAD_APPROVAL = {
  id: 11,
  notificationType: 'APPROVAL',
  kind: 'REQUESTED',
  message: 'Approve lead PT Sinar Jaya moving to E4',
  link: '/system/approval?request=3',
  target: '/system/approval',
  isRead: false,
  createdAt: new Date().toISOString(),
};

/**
 * A fake server whose latest notifications are this one, unread (and counted) until a PUT /notification marks it
 * read; returns the requests it is sent.
 */
export function oneNotificationApi(notification: typeof UNREAD_APPROVAL) {
  let read = false;
  return stubApi(makeSession(), (req, url) => {
    if (url.pathname === '/api/notification/limited') {
      return json(200, { results: { data: [{ ...notification, isRead: read }], total: read ? 0 : 1 } });
    }
    if (url.pathname === '/api/notification' && req.method === 'PUT') {
      read = true;
      return json(200, { results: 1 });
    }
    return undefined;
  });
}
