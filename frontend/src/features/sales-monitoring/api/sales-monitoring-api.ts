import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type MonitoredPerson = components['schemas']['MonitoredPerson'];

export const SALES_MONITORING_PAGE = 'system/sales-monitoring';

export const salesMonitoringKeys = {
  all: ['sales-monitoring'] as const,
  list: (search: string) => ['sales-monitoring', search] as const,
};

/** The user's team (the list's call: its Export runs it too). */
export const listTeam = (search: string) =>
  unwrap(api.GET('/sales-monitoring', { params: { query: { search: search || undefined } } }));

/** The user's team, online, away or offline (GET /sales-monitoring); refetched on each updateClients. */
export function teamQueryOptions(search: string) {
  return queryOptions({
    queryKey: salesMonitoringKeys.list(search),
    queryFn: () => listTeam(search),
  });
}
