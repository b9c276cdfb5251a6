import type { RouteObject } from 'react-router';

/** Spec 3 §2.10: the reports, with the dashboard's filters and their downloads. */
export const reportRoutes: RouteObject[] = [
  { path: '/system/report', lazy: () => import('./pages/report-page').then((m) => ({ Component: m.ReportPage })) },
];
