import type { RouteObject } from 'react-router';

/** Issue 20: the billing of the approved cost sheets, month by month, and its payment status. */
export const monthlyBillingRoutes: RouteObject[] = [
  {
    path: '/system/monthly-billing',
    lazy: () => import('./pages/monthly-billing-page').then((m) => ({ Component: m.MonthlyBillingPage })),
  },
];
