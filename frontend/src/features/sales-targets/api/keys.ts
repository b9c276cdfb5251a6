import { queryDomains } from '@/lib/query-domains';
import type { TargetListParams } from './targets-api';

const all = [queryDomains.salesTargets] as const;

/** Sales targets: the year's list with its totals, and one sales person's target for a year. */
export const targetKeys = {
  all,
  lists: [...all, 'list'] as const,
  list: (params: TargetListParams) => [...all, 'list', params] as const,
  person: (salesPersonId: number, year: number) => [...all, 'person', salesPersonId, year] as const,
};
