import type { RouteObject } from 'react-router';

const pipelineLists = () => import('./pages/pipeline-list-page');
const pipelineForms = () => import('./pages/pipeline-form-page');
const registerPages = () => import('./pages/register-list-page');

/** Approvals (spec 2 §2.5, spec 3 §2.10): the queue, both pipeline designers, the request registers. */
export const approvalRoutes: RouteObject[] = [
  {
    path: '/system/approval',
    lazy: () => import('./pages/approval-page').then((m) => ({ Component: m.ApprovalPage })),
  },
  { path: '/system/approval-pipeline', lazy: () => pipelineLists().then((m) => ({ Component: m.ApprovalPipelineListPage })) },
  { path: '/system/approval-pipeline/add', lazy: () => pipelineForms().then((m) => ({ Component: m.ApprovalPipelineFormPage })) },
  {
    path: '/system/approval-pipeline/edit/:pipelineId',
    lazy: () => pipelineForms().then((m) => ({ Component: m.ApprovalPipelineFormPage })),
  },
  {
    path: '/system/pcs-approval-pipeline',
    lazy: () => pipelineLists().then((m) => ({ Component: m.PcsApprovalPipelineListPage })),
  },
  {
    path: '/system/pcs-approval-pipeline/add',
    lazy: () => pipelineForms().then((m) => ({ Component: m.PcsApprovalPipelineFormPage })),
  },
  {
    path: '/system/pcs-approval-pipeline/edit/:pipelineId',
    lazy: () => pipelineForms().then((m) => ({ Component: m.PcsApprovalPipelineFormPage })),
  },
  { path: '/system/lead-approval', lazy: () => registerPages().then((m) => ({ Component: m.LeadRegisterPage })) },
  {
    path: '/system/lead-approval/add',
    lazy: () => import('./pages/lead-request-add-page').then((m) => ({ Component: m.LeadRequestAddPage })),
  },
  {
    path: '/system/lead-approval/:approvalId/edit',
    lazy: () => import('./pages/lead-request-page').then((m) => ({ Component: m.LeadRequestPage })),
  },
  { path: '/system/pcs-approval', lazy: () => registerPages().then((m) => ({ Component: m.PcsRegisterPage })) },
  {
    path: '/system/pcs-approval/:approvalId',
    lazy: () => import('./pages/pcs-request-page').then((m) => ({ Component: m.PcsRequestPage })),
  },
];

/** A mail's Approve or Reject link, in the public frame (signed in or not: the link is the credential). */
export const approvalLinkRoutes: RouteObject[] = [
  {
    path: '/approval/mail/:token',
    lazy: () => import('./pages/approval-link-page').then((m) => ({ Component: m.ApprovalLinkPage })),
  },
];
