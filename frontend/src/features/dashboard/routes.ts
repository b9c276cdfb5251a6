import type { RouteObject } from 'react-router';

/** The dashboard: its chart library loads with this route only (issue 18). */
export const dashboardRoutes: RouteObject[] = [
  { path: '/', lazy: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
];
