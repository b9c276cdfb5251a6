import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import { pdfOf } from '@/lib/api/download';
import { approvalKeys } from './keys';
import type { OnBehalfIn, RegisterKind, RequestRouteIn } from './types';

export const REGISTER_PAGE_SIZE = 10;
export const REGISTER_PAGES: Record<RegisterKind, string> = {
  lead: 'system/lead-approval',
  pcs: 'system/pcs-approval',
};
export const REGISTER_PATHS: Record<RegisterKind, string> = {
  lead: '/system/lead-approval',
  pcs: '/system/pcs-approval',
};

/** The register's filters as the URL keeps them ('' for none). */
export interface RegisterFilters {
  type: string;
  status: string;
  requester: string;
  approver: string;
  /** The days requested, both included: '2026-11-01_2026-11-27' (one URL parameter, set at once). */
  dates: string;
}

export const EMPTY_FILTERS: RegisterFilters = { type: '', status: '', requester: '', approver: '', dates: '' };

/** The two ends of the `dates` filter, or none. */
export function datesOf(filters: Pick<RegisterFilters, 'dates'>): [string, string] | null {
  const [from, to] = filters.dates.split('_');
  return from && to ? [from, to] : null;
}

/** The list call's query: paging, search and sort, the criteria, the approver and the days requested. */
function registerQuery(params: ServerListParams, filters: RegisterFilters) {
  const criteria = [
    filters.type && { field: 'requestType', value: filters.type },
    filters.status && { field: 'status', value: filters.status },
    filters.requester && { field: 'requestedBy', value: Number(filters.requester) },
  ].filter(Boolean);
  const dates = datesOf(filters);
  return {
    ...serverListQuery(params),
    ...(criteria.length ? { criteria: JSON.stringify(criteria) } : {}),
    ...(filters.approver ? { approverId: Number(filters.approver) } : {}),
    ...(dates ? { dateFrom: dates[0], dateTo: dates[1] } : {}),
  };
}

export const registerQueryOptions = (kind: RegisterKind, params: ServerListParams, filters: RegisterFilters) =>
  queryOptions({
    queryKey: approvalKeys.register(kind, { ...params, ...filters }),
    queryFn: () => {
      const query = registerQuery(params, filters);
      return kind === 'lead'
        ? unwrap(api.GET('/lead-approval', { params: { query } }))
        : unwrap(api.GET('/pcs-approval', { params: { query } }));
    },
    placeholderData: (previous) => previous,
  });

export const registerPeopleQueryOptions = (kind: RegisterKind) =>
  queryOptions({
    queryKey: approvalKeys.people(kind),
    queryFn: () =>
      kind === 'lead' ? unwrap(api.GET('/lead-approval/people')) : unwrap(api.GET('/pcs-approval/people')),
    staleTime: 5 * 60_000,
  });

export const leadRequestQueryOptions = (approvalId: number) =>
  queryOptions({
    queryKey: approvalKeys.request('lead', approvalId),
    queryFn: () =>
      unwrap(api.GET('/lead-approval/{approval_id}', { params: { path: { approval_id: approvalId } } })),
  });

export const pcsRequestQueryOptions = (approvalId: number) =>
  queryOptions({
    queryKey: approvalKeys.request('pcs', approvalId),
    queryFn: () => unwrap(api.GET('/pcs-approval/{approval_id}', { params: { path: { approval_id: approvalId } } })),
  });

/** Withdraws a pending request with its reason; answers the request as it now stands. */
export function withdrawRequest(kind: RegisterKind, approvalId: number, reason: string) {
  const options = { params: { path: { approval_id: approvalId } }, body: { reason } };
  return kind === 'lead'
    ? unwrap(api.POST('/lead-approval/{approval_id}/withdraw', options))
    : unwrap(api.POST('/pcs-approval/{approval_id}/withdraw', options));
}

/** Makes a request on behalf of the lead's sales person. */
export function requestOnBehalf(body: OnBehalfIn) {
  return unwrap(api.POST('/lead-approval', { body }));
}

/** Ongoing leads the caller sees, by project or client, to pick the lead of a request. */
export const registerLeadsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: approvalKeys.leads(search),
    queryFn: () =>
      unwrap(api.GET('/leads/list', { params: { query: { status: 'NEW', limit: 20, ...(search ? { search } : {}) } } })),
    placeholderData: (previous) => previous,
  });

/** The stages the lead may be asked to move to (the stage rules' answer). */
export const stageOptionsQueryOptions = (leadId: number | undefined) =>
  queryOptions({
    queryKey: approvalKeys.stageOptions(leadId ?? 0),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/stage-options', { params: { path: { lead_id: leadId! } } })),
    enabled: leadId !== undefined,
  });

/** The route a request of the lead would take if it were made now: its pipeline's layers, who decides, what is skipped. */
export const requestRouteQueryOptions = (leadId: number, body: RequestRouteIn) =>
  queryOptions({
    queryKey: approvalKeys.route(leadId, body),
    queryFn: () =>
      unwrap(api.POST('/leads/{lead_id}/approval-requests/route-preview', { params: { path: { lead_id: leadId } }, body })),
  });

/** The cost sheet PDF of a revision (the lead's PDF call), for the preview. */
export const registerPdfQueryOptions = (leadId: number, revision: number | null) =>
  queryOptions({
    queryKey: approvalKeys.pdf(leadId, revision),
    queryFn: () =>
      pdfOf(
        api.GET('/leads/{lead_id}/pcs-pdf', {
          params: { path: { lead_id: leadId }, query: revision === null ? {} : { revisionBatch: revision } },
          parseAs: 'blob',
        }),
      ),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
