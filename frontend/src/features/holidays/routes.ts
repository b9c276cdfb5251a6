import type { RouteObject } from 'react-router';

/** The holidays a working-day deadline skips. */
export const holidayRoutes: RouteObject[] = [
  {
    path: '/system/holidays',
    lazy: () => import('./pages/holidays-page').then((m) => ({ Component: m.HolidaysPage })),
  },
];
