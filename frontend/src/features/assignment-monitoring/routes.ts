import type { RouteObject } from 'react-router';

/** Assignment Monitoring: past reassignments; a reassignment, or (id 'add') the reassign form. */
export const assignmentRoutes: RouteObject[] = [
  {
    path: '/system/assignment-monitoring',
    lazy: () => import('./pages/assignment-list-page').then((m) => ({ Component: m.AssignmentListPage })),
  },
  {
    path: '/system/assignment-monitoring/:id',
    lazy: () => import('./pages/assignment-detail-page').then((m) => ({ Component: m.AssignmentRoutePage })),
  },
];
