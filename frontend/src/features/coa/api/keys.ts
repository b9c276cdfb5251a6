import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.coa] as const;

/** The chart of accounts: table, an account, the account types. */
export const coaKeys = {
  all,
  list: (params: ServerListParams) => [...all, params] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  types: [...all, 'types'] as const,
};
