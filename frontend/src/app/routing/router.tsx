import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { ErrorPage } from '@/app/pages/error-page';
import { ForbiddenPage } from '@/app/pages/forbidden-page';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { accessAdminRoutes } from '@/features/access-admin/routes';
import { activityRoutes } from '@/features/activities/routes';
import { approvalInsightRoutes } from '@/features/approval-insights/routes';
import { approvalLinkRoutes, approvalRoutes } from '@/features/approvals/routes';
import { assignmentRoutes } from '@/features/assignment-monitoring/routes';
import { auditLogRoutes } from '@/features/audit-log/routes';
import { authRoutes } from '@/features/auth/routes';
import { callRoutes } from '@/features/calls/routes';
import { clientRoutes } from '@/features/clients/routes';
import { coaRoutes } from '@/features/coa/routes';
import { contactRoutes } from '@/features/contacts/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { holidayRoutes } from '@/features/holidays/routes';
import { importRoutes } from '@/features/imports/routes';
import { homeRoutes } from '@/features/home/routes';
import { leadRoutes } from '@/features/leads/routes';
import { monthlyBillingRoutes } from '@/features/monthly-billing/routes';
import { navigationAdminRoutes } from '@/features/navigation-admin/routes';
import { notificationSettingRoutes } from '@/features/notification-settings/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { pcsRoutes } from '@/features/pcs/routes';
import { pidRoutes } from '@/features/pid/routes';
import { privacyRoutes } from '@/features/privacy/routes';
import { reportRoutes } from '@/features/reports/routes';
import { salesMonitoringRoutes } from '@/features/sales-monitoring/routes';
import { salesTargetRoutes } from '@/features/sales-targets/routes';
import { signInProviderRoutes } from '@/features/sign-in-providers/routes';
import { stageRoutes } from '@/features/stages/routes';
import { userManagementRoutes } from '@/features/user-management/routes';
import { ownPasswordRoutes, userRoutes } from '@/features/users/routes';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';

const leadDetail = () => import('./lead-detail-route').then((m) => ({ Component: m.LeadDetailRoute }));
const leadEdits = () => import('./lead-edit-routes');

/** The routes that combine two features, composed here: the lead detail (leads with pcs, activities, approvals and
 *  assignment monitoring), the edit wizards and Leads Management's table (with the change of owner), recording an
 *  activity (with its lead). */
const composedRoutes: RouteObject[] = [
  { path: '/leads/:leadId', lazy: leadDetail },
  { path: '/leads/:leadId/view', lazy: leadDetail },
  { path: '/leads/:leadId/edit', lazy: () => leadEdits().then((m) => ({ Component: m.LeadEditRoute })) },
  {
    path: '/leads/:leadId/activity/add/:media',
    lazy: () => import('./activity-routes').then((m) => ({ Component: m.ActivityFormRoute })),
  },
  {
    path: '/system/leads-management',
    lazy: () => import('./leads-management-route').then((m) => ({ Component: m.LeadsManagementRoute })),
  },
  {
    path: '/system/leads-management/edit/:leadsId',
    lazy: () => leadEdits().then((m) => ({ Component: m.LeadsManagementEditRoute })),
  },
];

/**
 * The whole route table (spec 1 §2.1), composed of each feature's routes (features/<name>/routes.ts) and the
 * composed routes above. Every page loads with its route (`lazy`), so the first download is the shell: the router,
 * the layouts, and the error, 403 and 404 pages, which must show even when a page's chunk cannot be fetched.
 * bench/initial_js.py measures it; tests/e2e/test_initial_js.py holds it under budget.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Public, outside any frame.
      ...authRoutes,
      {
        element: <PublicLayout />,
        children: [{ path: '/error-403', element: <ForbiddenPage /> }, ...approvalLinkRoutes, ...privacyRoutes],
      },
      // Public routes of the table that are about the signed-in user: a visitor signs in first and comes back.
      {
        element: (
          <RequireAuth>
            <PublicLayout />
          </RequireAuth>
        ),
        children: [...ownPasswordRoutes, ...callRoutes],
      },
      // Private: the signed-in shell; the sidebar shows itself on /system routes.
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        errorElement: <ErrorPage />,
        children: [
          {
            path: '/system',
            lazy: () => import('@/app/pages/system-index-page').then((m) => ({ Component: m.SystemIndexPage })),
          },
          ...composedRoutes,
          ...dashboardRoutes,
          ...homeRoutes,
          ...userRoutes,
          ...notificationRoutes,
          ...activityRoutes,
          ...clientRoutes,
          ...contactRoutes,
          ...coaRoutes,
          ...userManagementRoutes,
          ...auditLogRoutes,
          ...assignmentRoutes,
          ...accessAdminRoutes,
          ...navigationAdminRoutes,
          ...leadRoutes,
          ...approvalRoutes,
          ...approvalInsightRoutes,
          ...holidayRoutes,
          ...importRoutes,
          ...signInProviderRoutes,
          ...stageRoutes,
          ...pidRoutes,
          ...pcsRoutes,
          ...notificationSettingRoutes,
          ...salesTargetRoutes,
          ...salesMonitoringRoutes,
          ...reportRoutes,
          ...monthlyBillingRoutes,
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
