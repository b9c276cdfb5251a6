import type { RouteObject } from 'react-router';

/** Sales monitoring (issue 21): who is online now, live over the realtime channel. */
export const salesMonitoringRoutes: RouteObject[] = [
  {
    path: '/system/sales-monitoring',
    lazy: () => import('./pages/sales-monitoring-page').then((m) => ({ Component: m.SalesMonitoringPage })),
  },
];
