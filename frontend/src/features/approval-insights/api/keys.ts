import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.approvalInsights] as const;

/** The insights by their filters, and what the filters offer. */
export const insightKeys = {
  all,
  figures: (filters: InsightFilters) => [...all, 'figures', filters] as const,
  options: () => [...all, 'options'] as const,
};

/** The screen's filters as the URL keeps them ('' for none): from and to (YYYY-MM-DD), type, team (a leader's id). */
export type InsightFilters = { from: string; to: string; type: string; team: string };
