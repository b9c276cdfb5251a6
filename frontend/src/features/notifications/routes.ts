import type { RouteObject } from 'react-router';

/** The bell's list as a page (the phone's bottom bar leads here, spec 1 §2.2), and the inbox. */
export const notificationRoutes: RouteObject[] = [
  {
    path: '/notifications',
    lazy: () => import('./pages/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  { path: '/user/inbox', lazy: () => import('./pages/inbox-page').then((m) => ({ Component: m.InboxPage })) },
];
