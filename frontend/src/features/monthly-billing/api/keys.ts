import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.monthlyBilling] as const;

/** Monthly billing's rows (by the list's query) and a row's history. */
export const billingKeys = {
  all,
  list: (query: object) => [...all, 'list', query] as const,
  history: (id: number) => [...all, 'history', id] as const,
};
