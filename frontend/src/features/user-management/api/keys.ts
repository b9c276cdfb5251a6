import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.userManagement] as const;

/** User Management: the table (with its filters), a user, their second factor, what is held about them, the roles, the leaders the form offers, the tree. */
export const userManagementKeys = {
  all,
  list: (params: ServerListParams, criteria: string | undefined) => [...all, 'list', params, criteria] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  secondFactor: (id: number) => [...all, 'second-factor', id] as const,
  personalData: (id: number) => [...all, 'personal-data', id] as const,
  roles: [...all, 'roles'] as const,
  leaders: (search: string) => [...all, 'leaders', search] as const,
  hierarchy: [...all, 'hierarchy'] as const,
};
