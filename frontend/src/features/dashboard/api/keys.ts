import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.dashboard] as const;

/** Each dashboard call under its name and the filters JSON it was asked with. */
export const dashboardKeys = {
  all,
  call: (name: string, filters: string) => [...all, name, filters] as const,
};
