import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.pid] as const;

/** A lead's PIDs and the /pdf test page's sample. */
export const pidKeys = {
  overview: (leadId: number) => [...all, 'overview', leadId] as const,
  sample: [...all, 'sample-pdf'] as const,
};
