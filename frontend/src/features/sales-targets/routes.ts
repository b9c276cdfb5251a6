import type { RouteObject } from 'react-router';

/** Sales targets (issue 18): the year's targets with team totals, and one sales person's target with its history. */
export const salesTargetRoutes: RouteObject[] = [
  {
    path: '/system/sales-target',
    lazy: () => import('./pages/sales-target-list-page').then((m) => ({ Component: m.SalesTargetListPage })),
  },
  {
    path: '/system/sales-target/:id',
    lazy: () => import('./pages/sales-target-detail-page').then((m) => ({ Component: m.SalesTargetDetailPage })),
  },
];
