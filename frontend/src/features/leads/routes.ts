import type { RouteObject } from 'react-router';

const leadOpsForms = () => import('./pages/lead-management-forms');

/**
 * Leads (spec 2 §2.1–2.4): the board, the create wizard, each board stage's page; Leads Management's add and Leads
 * Monitoring (issue 20). The detail, the edit wizards and Leads Management's table combine features: the app
 * composes them (app/routing).
 */
export const leadRoutes: RouteObject[] = [
  { path: '/leads', lazy: () => import('./pages/leads-page').then((m) => ({ Component: m.LeadsPage })) },
  {
    path: '/leads/add',
    lazy: () => import('./pages/lead-create-page').then((m) => ({ Component: m.LeadCreatePage })),
  },
  // Each board stage's page by its slug (connected, qualified, ...; any added stage too). The named
  // sub-routes of /leads/:leadId are more specific and win.
  {
    path: '/leads/:leadId/:stageSlug',
    lazy: () => import('./pages/lead-stage-page').then((m) => ({ Component: m.LeadStagePage })),
  },
  { path: '/system/leads-management/add', lazy: () => leadOpsForms().then((m) => ({ Component: m.ManagedLeadAddPage })) },
  {
    path: '/system/leads-monitoring',
    lazy: () => import('./pages/leads-monitoring-page').then((m) => ({ Component: m.LeadsMonitoringPage })),
  },
];
