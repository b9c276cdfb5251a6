import type { RouteObject } from 'react-router';

/** The audit log: who changed which user, role, menu or access. */
export const auditLogRoutes: RouteObject[] = [
  {
    path: '/system/audit-log',
    lazy: () => import('./pages/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
];
