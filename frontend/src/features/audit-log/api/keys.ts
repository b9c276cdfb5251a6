import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.audit] as const;

/** The audit log's pages (with their filters). */
export const auditKeys = {
  all,
  list: (params: ServerListParams, criteria: string | undefined) => [...all, params, criteria] as const,
};
