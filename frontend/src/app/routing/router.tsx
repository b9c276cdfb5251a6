import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { ErrorPage } from '@/app/pages/error-page';
import { ForbiddenPage } from '@/app/pages/forbidden-page';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';

const clientForm = () =>
  import('@/features/clients/pages/client-form-page').then((m) => ({ Component: m.ClientFormPage }));
const contactForm = () =>
  import('@/features/contacts/pages/contact-form-page').then((m) => ({ Component: m.ContactFormPage }));
const contactView = () =>
  import('@/features/contacts/pages/contact-view-page').then((m) => ({ Component: m.ContactViewPage }));

/** Client management (spec 3 §2.1–2.2): the list, and the wizard at 'add' or a client id. */
const clientRoutes: RouteObject[] = [
  {
    path: '/system/client-management',
    lazy: () =>
      import('@/features/clients/pages/client-list-page').then((m) => ({ Component: m.ClientListPage })),
  },
  { path: '/system/client-management/add', lazy: clientForm },
  { path: '/system/client-management/:clientId', lazy: clientForm },
];

/** Contact management (spec 3 §2.3): the list, add, edit and view. */
const contactRoutes: RouteObject[] = [
  {
    path: '/system/contact-management',
    lazy: () =>
      import('@/features/contacts/pages/contact-list-page').then((m) => ({ Component: m.ContactListPage })),
  },
  { path: '/system/contact-management/add', lazy: contactForm },
  { path: '/system/contact-management/:contactId', lazy: contactView },
  { path: '/system/contact-management/:contactId/view', lazy: contactView },
  { path: '/system/contact-management/:contactId/edit', lazy: contactForm },
];

const coaPages = () => import('@/features/coa/pages/coa-form-page');

/** COA management (spec 3 §2.8): the list, add, edit and view (an id alone is the view). */
const coaRoutes: RouteObject[] = [
  {
    path: '/system/coa-management',
    lazy: () => import('@/features/coa/pages/coa-list-page').then((m) => ({ Component: m.CoaListPage })),
  },
  { path: '/system/coa-management/add', lazy: () => coaPages().then((m) => ({ Component: m.CoaAddPage })) },
  { path: '/system/coa-management/:coaId', lazy: () => coaPages().then((m) => ({ Component: m.CoaViewPage })) },
  { path: '/system/coa-management/:coaId/view', lazy: () => coaPages().then((m) => ({ Component: m.CoaViewPage })) },
  { path: '/system/coa-management/:coaId/edit', lazy: () => coaPages().then((m) => ({ Component: m.CoaEditPage })) },
];

const userPages = () => import('@/features/user-management/pages/user-form-page');

/** User Management: the list, add, a user (edit, or read only), setting a user's password; and the audit log. */
const userManagementRoutes: RouteObject[] = [
  {
    path: '/system/user-management',
    lazy: () =>
      import('@/features/user-management/pages/user-list-page').then((m) => ({ Component: m.UserListPage })),
  },
  { path: '/system/user-management/add', lazy: () => userPages().then((m) => ({ Component: m.UserAddPage })) },
  { path: '/system/user-management/:userId', lazy: () => userPages().then((m) => ({ Component: m.UserEditPage })) },
  {
    path: '/system/user-management/:userId/change-password',
    lazy: () =>
      import('@/features/user-management/pages/user-password-page').then((m) => ({ Component: m.UserPasswordPage })),
  },
  {
    path: '/system/user-hierarchy',
    lazy: () =>
      import('@/features/user-management/pages/user-hierarchy-page').then((m) => ({ Component: m.UserHierarchyPage })),
  },
  {
    path: '/system/audit-log',
    lazy: () => import('@/features/audit-log/pages/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
];

/** Assignment Monitoring: past reassignments; a reassignment, or (id 'add') the reassign form. */
const assignmentRoutes: RouteObject[] = [
  {
    path: '/system/assignment-monitoring',
    lazy: () =>
      import('@/features/assignment-monitoring/pages/assignment-list-page').then((m) => ({
        Component: m.AssignmentListPage,
      })),
  },
  {
    path: '/system/assignment-monitoring/:id',
    lazy: () =>
      import('@/features/assignment-monitoring/pages/assignment-detail-page').then((m) => ({
        Component: m.AssignmentRoutePage,
      })),
  },
];

const accessPages = () => import('@/features/access-admin/pages/role-page');

/** Menu Page Access (spec 3 §2.9): the roles and any user's effective access, adding a role, a role's matrix. */
const accessAdminRoutes: RouteObject[] = [
  {
    path: '/system/menu-page-access',
    lazy: () =>
      import('@/features/access-admin/pages/menu-page-access-page').then((m) => ({ Component: m.MenuPageAccessPage })),
  },
  {
    path: '/system/menu-page-access/add',
    lazy: () => import('@/features/access-admin/pages/role-add-page').then((m) => ({ Component: m.RoleAddPage })),
  },
  { path: '/system/menu-page-access/:id', lazy: () => accessPages().then((m) => ({ Component: m.RolePage })) },
];

const pageForm = () => import('@/features/navigation-admin/pages/page-form-page');

/** Page management (the list, add, a page) and menu management. */
const navigationAdminRoutes: RouteObject[] = [
  {
    path: '/system/page-management',
    lazy: () => import('@/features/navigation-admin/pages/page-list-page').then((m) => ({ Component: m.PageListPage })),
  },
  { path: '/system/page-management/add', lazy: () => pageForm().then((m) => ({ Component: m.PageAddPage })) },
  { path: '/system/page-management/:id', lazy: () => pageForm().then((m) => ({ Component: m.PageEditPage })) },
  {
    path: '/system/menu-management',
    lazy: () =>
      import('@/features/navigation-admin/pages/menu-management-page').then((m) => ({
        Component: m.MenuManagementPage,
      })),
  },
];

const leadDetail = () => import('./lead-detail-route').then((m) => ({ Component: m.LeadDetailRoute }));

/** Leads (spec 2 §2.1–2.4): the board, the create wizard, the detail and view, the edit wizard. */
const leadRoutes: RouteObject[] = [
  { path: '/leads', lazy: () => import('@/features/leads/pages/leads-page').then((m) => ({ Component: m.LeadsPage })) },
  {
    path: '/leads/add',
    lazy: () => import('@/features/leads/pages/lead-create-page').then((m) => ({ Component: m.LeadCreatePage })),
  },
  { path: '/leads/:leadId', lazy: leadDetail },
  { path: '/leads/:leadId/view', lazy: leadDetail },
  {
    path: '/leads/:leadId/edit',
    lazy: () => import('./lead-edit-routes').then((m) => ({ Component: m.LeadEditRoute })),
  },
  // Spec 2 §2.8, §2.9: recording an activity, and one activity.
  {
    path: '/leads/:leadId/activity/add/:media',
    lazy: () => import('./activity-routes').then((m) => ({ Component: m.ActivityFormRoute })),
  },
  {
    path: '/leads/:leadId/activity/:activityId',
    lazy: () =>
      import('@/features/activities/pages/activity-detail-page').then((m) => ({ Component: m.ActivityDetailPage })),
  },
  // Spec 3 §2.4: the lead's project cost sheet.
  {
    path: '/leads/:leadId/project-cost-sheet',
    lazy: () => import('@/features/pcs/pages/pcs-page').then((m) => ({ Component: m.PcsPage })),
  },
  // Each board stage's page by its slug (connected, qualified, ...; any added stage too). The named
  // sub-routes above are more specific and win.
  {
    path: '/leads/:leadId/:stageSlug',
    lazy: () => import('@/features/leads/pages/lead-stage-page').then((m) => ({ Component: m.LeadStagePage })),
  },
];

/** PID generation (spec 3 §2.7) and the /pdf test page (spec 3 §2.10). */
const pidRoutes: RouteObject[] = [
  {
    path: '/leads/:leadId/generate-pid',
    lazy: () => import('@/features/pid/pages/generate-pid-page').then((m) => ({ Component: m.GeneratePidPage })),
  },
  { path: '/pdf', lazy: () => import('@/features/pid/pages/pdf-test-page').then((m) => ({ Component: m.PdfTestPage })) },
];

const leadOpsForms = () => import('@/features/leads/pages/lead-management-forms');

/** Leads Management and Leads Monitoring (issue 20): the table of every visible lead, its add and edit (the leads'
 *  own wizards), and the sales person x stage grid. */
const leadOpsRoutes: RouteObject[] = [
  {
    path: '/system/leads-management',
    lazy: () => import('./leads-management-route').then((m) => ({ Component: m.LeadsManagementRoute })),
  },
  { path: '/system/leads-management/add', lazy: () => leadOpsForms().then((m) => ({ Component: m.ManagedLeadAddPage })) },
  {
    path: '/system/leads-management/edit/:leadsId',
    lazy: () => import('./lead-edit-routes').then((m) => ({ Component: m.LeadsManagementEditRoute })),
  },
  {
    path: '/system/leads-monitoring',
    lazy: () =>
      import('@/features/leads/pages/leads-monitoring-page').then((m) => ({ Component: m.LeadsMonitoringPage })),
  },
];

const approvalPages = () => import('@/features/approvals/pages/pipeline-list-page');
const approvalForms = () => import('@/features/approvals/pages/pipeline-form-page');
const registerPages = () => import('@/features/approvals/pages/register-list-page');
const stagePage = () =>
  import('@/features/stages/pages/stage-management-page').then((m) => ({ Component: m.StageManagementPage }));
const stageForms = () => import('@/features/stages/pages/stage-form-page');

/** Approvals (spec 2 §2.5, spec 3 §2.10): the queue, both pipeline designers, the request registers, stage
 *  management, the holidays a working-day deadline skips. */
const approvalRoutes: RouteObject[] = [
  {
    path: '/system/approval',
    lazy: () => import('@/features/approvals/pages/approval-page').then((m) => ({ Component: m.ApprovalPage })),
  },
  { path: '/system/approval-pipeline', lazy: () => approvalPages().then((m) => ({ Component: m.ApprovalPipelineListPage })) },
  { path: '/system/approval-pipeline/add', lazy: () => approvalForms().then((m) => ({ Component: m.ApprovalPipelineFormPage })) },
  {
    path: '/system/approval-pipeline/edit/:pipelineId',
    lazy: () => approvalForms().then((m) => ({ Component: m.ApprovalPipelineFormPage })),
  },
  {
    path: '/system/pcs-approval-pipeline',
    lazy: () => approvalPages().then((m) => ({ Component: m.PcsApprovalPipelineListPage })),
  },
  {
    path: '/system/pcs-approval-pipeline/add',
    lazy: () => approvalForms().then((m) => ({ Component: m.PcsApprovalPipelineFormPage })),
  },
  {
    path: '/system/pcs-approval-pipeline/edit/:pipelineId',
    lazy: () => approvalForms().then((m) => ({ Component: m.PcsApprovalPipelineFormPage })),
  },
  { path: '/system/lead-approval', lazy: () => registerPages().then((m) => ({ Component: m.LeadRegisterPage })) },
  {
    path: '/system/lead-approval/add',
    lazy: () =>
      import('@/features/approvals/pages/lead-request-add-page').then((m) => ({ Component: m.LeadRequestAddPage })),
  },
  {
    path: '/system/lead-approval/:approvalId/edit',
    lazy: () => import('@/features/approvals/pages/lead-request-page').then((m) => ({ Component: m.LeadRequestPage })),
  },
  { path: '/system/pcs-approval', lazy: () => registerPages().then((m) => ({ Component: m.PcsRegisterPage })) },
  {
    path: '/system/pcs-approval/:approvalId',
    lazy: () => import('@/features/approvals/pages/pcs-request-page').then((m) => ({ Component: m.PcsRequestPage })),
  },
  {
    path: '/system/holidays',
    lazy: () => import('@/features/holidays/pages/holidays-page').then((m) => ({ Component: m.HolidaysPage })),
  },
  { path: '/system/stage-management', lazy: stagePage },
  { path: '/system/stage-management/add', lazy: () => stageForms().then((m) => ({ Component: m.StageAddPage })) },
  { path: '/system/stage-management/edit/:stageId', lazy: () => stageForms().then((m) => ({ Component: m.StageEditPage })) },
];

const settingsIndex = () => import('@/features/notification-settings/pages/settings-index-page');
const settingsEdit = () => import('@/features/notification-settings/pages/setting-edit-page');

/** Notification and reminder settings (spec 1 §3): one list and one setting page per family. */
const notificationSettingRoutes: RouteObject[] = [
  {
    path: '/system/notification-management',
    lazy: () => settingsIndex().then((m) => ({ Component: m.NotificationManagementPage })),
  },
  {
    path: '/system/notification-management/:settingId',
    lazy: () => settingsEdit().then((m) => ({ Component: m.NotificationSettingPage })),
  },
  {
    path: '/system/reminder-management',
    lazy: () => settingsIndex().then((m) => ({ Component: m.ReminderManagementPage })),
  },
  {
    path: '/system/reminder-management/:settingId',
    lazy: () => settingsEdit().then((m) => ({ Component: m.ReminderSettingPage })),
  },
];

const targetList = () => import('@/features/sales-targets/pages/sales-target-list-page');
const targetDetail = () => import('@/features/sales-targets/pages/sales-target-detail-page');

/** Sales targets (issue 18): the year's targets with team totals, and one sales person's target with its history. */
const salesTargetRoutes: RouteObject[] = [
  { path: '/system/sales-target', lazy: () => targetList().then((m) => ({ Component: m.SalesTargetListPage })) },
  { path: '/system/sales-target/:id', lazy: () => targetDetail().then((m) => ({ Component: m.SalesTargetDetailPage })) },
];

/** Sales monitoring (issue 21): who is online now, live over the realtime channel. */
const salesMonitoringRoutes: RouteObject[] = [
  {
    path: '/system/sales-monitoring',
    lazy: () =>
      import('@/features/sales-monitoring/pages/sales-monitoring-page').then((m) => ({
        Component: m.SalesMonitoringPage,
      })),
  },
];


/**
 * The whole route table (spec 1 §2.1). Every page loads with its route (`lazy`), so the first download is the
 * shell: the router, the layouts, and the error, 403 and 404 pages, which must show even when a page's chunk
 * cannot be fetched. bench/initial_js.py measures it; tests/e2e/test_initial_js.py holds it under budget.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Public
      // Loaded on demand (spec §2.1).
      {
        path: '/signin',
        lazy: () => import('@/features/auth/pages/signin-page').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: '/signout',
        lazy: () => import('@/features/auth/pages/signout-page').then((m) => ({ Component: m.SignOutPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/forgot-password/:token',
        lazy: () =>
          import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        element: <PublicLayout />,
        children: [
          { path: '/error-403', element: <ForbiddenPage /> },
          // a mail's Approve or Reject link (signed in or not: the link is the credential)
          {
            path: '/approval/mail/:token',
            lazy: () =>
              import('@/features/approvals/pages/approval-link-page').then((m) => ({ Component: m.ApprovalLinkPage })),
          },
          // readable signed in or out
          {
            path: '/privacy-policy',
            lazy: () =>
              import('@/features/privacy/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
          },
        ],
      },
      // A public route of the table that is about the signed-in user: a visitor signs in first and comes back.
      {
        element: (
          <RequireAuth>
            <PublicLayout />
          </RequireAuth>
        ),
        children: [
          {
            path: '/change-password',
            lazy: () =>
              import('@/features/users/pages/own-password-page').then((m) => ({ Component: m.OwnPasswordPage })),
          },
          {
            path: '/weblink/sip',
            lazy: () => import('@/features/calls/pages/weblink-sip-page').then((m) => ({ Component: m.WeblinkSipPage })),
          },
        ],
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
            path: '/',
            // the dashboard and its chart library load with this route only (issue 18)
            lazy: () => import('@/features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: '/welcome',
            lazy: () => import('@/features/home/pages/welcome-page').then((m) => ({ Component: m.WelcomePage })),
          },
          {
            path: '/sample',
            lazy: () => import('@/features/home/pages/sample-page').then((m) => ({ Component: m.SamplePage })),
          },
          {
            path: '/user/profile',
            lazy: () => import('@/features/users/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: '/user/profile/:userId/change-password',
            lazy: () =>
              import('@/features/users/pages/change-password-page').then((m) => ({
                Component: m.ChangePasswordPage,
              })),
          },
          // The phone's bottom bar leads here (spec 1 §2.2): the bell's list as a page.
          {
            path: '/notifications',
            lazy: () =>
              import('@/features/notifications/pages/notifications-page').then((m) => ({
                Component: m.NotificationsPage,
              })),
          },
          {
            path: '/user/inbox',
            lazy: () =>
              import('@/features/notifications/pages/inbox-page').then((m) => ({ Component: m.InboxPage })),
          },
          {
            path: '/system',
            lazy: () => import('@/app/pages/system-index-page').then((m) => ({ Component: m.SystemIndexPage })),
          },
          // Spec 2 §2.10: the activity schedule (the top bar's calendar button).
          {
            path: '/activity-schedule',
            lazy: () =>
              import('@/features/activities/pages/activity-schedule-page').then((m) => ({
                Component: m.ActivitySchedulePage,
              })),
          },
          ...clientRoutes,
          ...contactRoutes,
          ...coaRoutes,
          ...userManagementRoutes,
          ...assignmentRoutes,
          ...accessAdminRoutes,
          ...navigationAdminRoutes,
          ...leadRoutes,
          ...leadOpsRoutes,
          ...approvalRoutes,
          ...pidRoutes,
          ...notificationSettingRoutes,
          ...salesTargetRoutes,
          ...salesMonitoringRoutes,
          // Spec 3 §2.10: the reports, with the dashboard's filters and their downloads.
          {
            path: '/system/report',
            lazy: () => import('@/features/reports/pages/report-page').then((m) => ({ Component: m.ReportPage })),
          },
          // Issue 20: the billing of the approved cost sheets, month by month, and its payment status.
          {
            path: '/system/monthly-billing',
            lazy: () =>
              import('@/features/monthly-billing/pages/monthly-billing-page').then((m) => ({
                Component: m.MonthlyBillingPage,
              })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
