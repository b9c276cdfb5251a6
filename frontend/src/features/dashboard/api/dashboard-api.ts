import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { dashboardKeys } from './keys';

/** Figures refresh on their own every minute while the dashboard is open, and at once when the filters change (the
 * previous figures stay on screen, faded, until the new ones arrive). */
const STALE_MS = 30_000;
const REFRESH_MS = 60_000;

const common = { staleTime: STALE_MS, refetchInterval: REFRESH_MS, placeholderData: keepPreviousData } as const;

export const salesPerformanceQueryOptions = (filters: string) =>
  queryOptions({
    queryKey: dashboardKeys.call('sales-performance', filters),
    queryFn: () => unwrap(api.GET('/dashboard/sales-performance', { params: { query: { filters } } })),
    ...common,
  });

export const revenuePerStageQueryOptions = (filters: string) =>
  queryOptions({
    queryKey: dashboardKeys.call('revenue-per-stage', filters),
    queryFn: () => unwrap(api.GET('/dashboard/revenue-per-stage', { params: { query: { filters } } })),
    ...common,
  });

export const gpTypeQueryOptions = (filters: string) =>
  queryOptions({
    queryKey: dashboardKeys.call('gp-type', filters),
    queryFn: () => unwrap(api.GET('/dashboard/gp-type', { params: { query: { filters } } })),
    ...common,
  });

export const salesCycleQueryOptions = (filters: string) =>
  queryOptions({
    queryKey: dashboardKeys.call('avg-sales-cycle', filters),
    queryFn: () => unwrap(api.GET('/dashboard/avg-sales-cycle', { params: { query: { filters } } })),
    ...common,
  });
