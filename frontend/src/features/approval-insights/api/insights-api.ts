import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf, saveBlob } from '@/lib/api/download';
import type { components } from '@/lib/api/schema';
import { insightKeys, type InsightFilters } from './keys';

export type { InsightFilters } from './keys';
export type ApprovalInsights = components['schemas']['ApprovalInsights'];
export type Figures = components['schemas']['Figures'];
export type PipelineFigures = components['schemas']['PipelineFigures'];
export type LayerFigures = components['schemas']['LayerFigures'];
export type ApproverFigures = components['schemas']['ApproverFigures'];
export type PendingRequest = components['schemas']['PendingRequest'];
export type InsightOptions = components['schemas']['InsightOptions'];
type RequestType = components['schemas']['TypeOption']['value'];

export const APPROVAL_INSIGHTS_PAGE = 'system/approval-insights';
export const NO_FILTERS: InsightFilters = { from: '', to: '', type: '', team: '' };

/** The call's query: only the filters chosen (the server's defaults for the rest: the last 30 days). */
function query(filters: InsightFilters) {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.type ? { requestType: filters.type as RequestType } : {}),
    ...(filters.team ? { teamLeaderId: Number(filters.team) } : {}),
  };
}

/** GET /approval-insights: every figure of the screen for these filters. */
export const insightsQueryOptions = (filters: InsightFilters) =>
  queryOptions({
    queryKey: insightKeys.figures(filters),
    queryFn: () => unwrap(api.GET('/approval-insights', { params: { query: query(filters) } })),
    // new filters keep the last figures on screen until the new ones arrive
    placeholderData: keepPreviousData,
  });

/** GET /approval-insights/filter-options: the request types and teams to filter by. */
export const insightOptionsQueryOptions = () =>
  queryOptions({
    queryKey: insightKeys.options(),
    queryFn: () => unwrap(api.GET('/approval-insights/filter-options')),
    staleTime: 5 * 60_000,
  });

/** GET /approval-insights/download: the same figures as an XLSX book, saved under the server's file name. */
export async function downloadInsights(filters: InsightFilters): Promise<string> {
  const call = api.GET('/approval-insights/download', { params: { query: query(filters) }, parseAs: 'blob' });
  const { blob, filename } = await namedBlobOf(call, 'approval-insights.xlsx');
  saveBlob(blob, filename);
  return filename;
}
