import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.stages] as const;

/** The stage list and the catalogue of fields a stage may require. */
export const stageKeys = {
  all,
  catalogue: [...all, 'requirement-catalogue'] as const,
};
