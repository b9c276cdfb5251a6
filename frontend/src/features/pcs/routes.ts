import type { RouteObject } from 'react-router';

/** Spec 3 §2.4: the lead's project cost sheet. */
export const pcsRoutes: RouteObject[] = [
  {
    path: '/leads/:leadId/project-cost-sheet',
    lazy: () => import('./pages/pcs-page').then((m) => ({ Component: m.PcsPage })),
  },
];
