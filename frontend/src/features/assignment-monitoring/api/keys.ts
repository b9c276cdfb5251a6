import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.assignmentMonitoring] as const;

/** Assignment Monitoring: past reassignments, one of them, a person's book, the people leads move between. */
export const assignmentKeys = {
  all,
  list: (params: ServerListParams) => [...all, 'list', params] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  book: (personId: number, params: ServerListParams) => [...all, 'book', personId, params] as const,
  people: [...all, 'people'] as const,
};
