import type { RouteObject } from 'react-router';

/** Spec 2 §2.9, §2.10: one activity, and the activity schedule (the top bar's calendar button). Recording an
 *  activity shows its lead: the app composes that route. */
export const activityRoutes: RouteObject[] = [
  {
    path: '/leads/:leadId/activity/:activityId',
    lazy: () => import('./pages/activity-detail-page').then((m) => ({ Component: m.ActivityDetailPage })),
  },
  {
    path: '/activity-schedule',
    lazy: () => import('./pages/activity-schedule-page').then((m) => ({ Component: m.ActivitySchedulePage })),
  },
];
