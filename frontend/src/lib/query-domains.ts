import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key: one domain per feature (or lib module) that fetches. Its keys module
 * (`features/x/api/keys.ts`) builds every key under its domain and owns the rest of the key. Data that one
 * feature changes on the server and another shows (a decision moves a lead) is refreshed by invalidating the
 * other's whole domain through `invalidateDomains`: a feature never writes or imports another's keys.
 */
export const queryDomains = {
  accessAdmin: 'access-admin',
  activities: 'activities',
  approvalInsights: 'approval-insights',
  approvals: 'approvals',
  approvalPipelines: 'approval-pipelines',
  assignmentMonitoring: 'assignment-monitoring',
  audit: 'audit',
  auth: 'auth',
  clients: 'clients',
  coa: 'coa',
  contacts: 'contacts',
  dashboard: 'dashboard',
  holidays: 'holidays',
  imports: 'imports',
  leads: 'leads',
  masterData: 'master-data',
  monthlyBilling: 'monthly-billing',
  navigationAdmin: 'navigation-admin',
  notifications: 'notifications',
  notificationSettings: 'notification-settings',
  pcs: 'pcs',
  pid: 'pid',
  savedViews: 'saved-views',
  search: 'search',
  profilePictures: 'profile-picture',
  reports: 'reports',
  salesTargets: 'sales-targets',
  signInProviders: 'sign-in-providers',
  stages: 'stages',
  userManagement: 'user-management',
  users: 'users',
} as const;

export type QueryDomain = (typeof queryDomains)[keyof typeof queryDomains];

/** Marks every query of these domains stale; the ones on screen refetch. */
export async function invalidateDomains(queryClient: QueryClient, ...domains: QueryDomain[]): Promise<void> {
  await Promise.all(domains.map((domain) => queryClient.invalidateQueries({ queryKey: [domain] })));
}
