import type { RouteObject } from 'react-router';

/** Approval insights: where the approvals' time goes, per pipeline, layer and approver. */
export const approvalInsightRoutes: RouteObject[] = [
  {
    path: '/system/approval-insights',
    lazy: () => import('./pages/approval-insights-page').then((m) => ({ Component: m.ApprovalInsightsPage })),
  },
];
