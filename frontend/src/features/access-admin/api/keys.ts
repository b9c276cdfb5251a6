import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.accessAdmin] as const;

/** Menu Page Access: the roles table, one role with its matrix, a user's effective access, the user picker. */
export const accessAdminKeys = {
  all,
  list: (params: ServerListParams) => [...all, 'list', params] as const,
  role: (id: number) => [...all, 'role', id] as const,
  effective: (userId: number) => [...all, 'effective', userId] as const,
  users: (search: string) => [...all, 'users', search] as const,
};
