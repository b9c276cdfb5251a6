import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.clients] as const;

/** The client table and a client's wizard. */
export const clientKeys = {
  all,
  list: (params: ServerListParams) => [...all, params] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
};
