import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.reports] as const;

/** A report's table by its kind and the filters parameter. */
export const reportKeys = {
  all,
  table: (kind: string, filters: string) => [...all, kind, filters] as const,
};
