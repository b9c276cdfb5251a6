import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { blobOf, saveBlob } from '@/lib/api/download';
import { multipart } from '@/lib/api/multipart';
import { leadKeys } from './keys';
import type {
  ApprovalRequestIn,
  RouteRequestIn,
  BoardParams,
  LeadCreate,
  LeadEditForm,
  LeadFileKind,
  LeadListParams,
  LeadUpdate,
  LeadUploads,
  SortDirection,
} from './types';

export * from './types';

/** The lead detail is refetched every 10 seconds (spec §2.3). */
export const LEAD_DETAIL_REFETCH_MS = 10_000;
/** Master lists are cached for 5 minutes; schedule and history queries go stale after 5 (spec §9). */
export const LOOKUP_STALE_MS = 5 * 60_000;
/** A per-status list loads this many cards at a time. */
export const LEAD_LIST_PAGE_SIZE = 20;
/** Contacts of one client offered as persons in charge. */
export const CONTACTS_LIMIT = 100;

/**
 * The sorts of the columns the board shows: with a stage filter only that stage's column is on the
 * board, so a sort chosen earlier for another column is kept for later but not sent.
 */
export function shownColumnSort(
  sort: Record<string, SortDirection>,
  selectedStageName: string | undefined,
): Record<string, SortDirection> {
  if (selectedStageName === undefined) return sort;
  return selectedStageName in sort ? { [selectedStageName]: sort[selectedStageName] } : {};
}

/** `E1:asc,E3:desc`: the per-column sort query of GET /leads. */
export function boardSortQuery(sort: Record<string, SortDirection>): string | undefined {
  const parts = Object.entries(sort)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([stage, dir]) => `${stage}:${dir}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** The column sorts an address carries (`E1:asc,E3:desc`, as boardSortQuery writes them); anything else is left out. */
export function parseBoardSort(text: string): Record<string, SortDirection> {
  const sort: Record<string, SortDirection> = {};
  for (const part of text.split(',')) {
    const [stage, dir] = part.split(':');
    if (stage && /^[A-Za-z0-9]{1,10}$/.test(stage) && (dir === 'asc' || dir === 'desc')) sort[stage] = dir;
  }
  return sort;
}

/** The board: six columns E1..E6, the first 50 cards of each and its total. */
export const boardQueryOptions = (params: BoardParams) =>
  queryOptions({
    queryKey: leadKeys.board(params),
    queryFn: () => {
      const sort = boardSortQuery(params.sort);
      return unwrap(
        api.GET('/leads', {
          params: {
            query: {
              status: params.status,
              ...(params.searchKeyword ? { searchKeyword: params.searchKeyword } : {}),
              ...(params.selectedStage !== undefined ? { selectedStage: params.selectedStage } : {}),
              ...(params.salesPersonId !== undefined ? { salesPersonId: params.salesPersonId } : {}),
              ...(sort ? { sort } : {}),
            },
          },
        }),
      );
    },
    placeholderData: (previous) => previous,
  });

/** Cards of one status (ongoing, hold, dropped, closed), most recently contacted first. */
export const leadListQueryOptions = (params: LeadListParams) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: () =>
      unwrap(
        api.GET('/leads/list', {
          params: {
            query: {
              status: params.status,
              offset: 0,
              limit: params.limit,
              ...(params.search ? { search: params.search } : {}),
              ...(params.stageId !== undefined ? { stageId: params.stageId } : {}),
              ...(params.salesPersonId !== undefined ? { salesPersonId: params.salesPersonId } : {}),
            },
          },
        }),
      ),
    placeholderData: (previous) => previous,
  });

/** Total GP and count of ongoing leads; 0 means every lead the caller sees. */
export const totalGpQueryOptions = (salesPersonId = 0) =>
  queryOptions({
    queryKey: leadKeys.totalGp(salesPersonId),
    queryFn: () =>
      unwrap(api.GET('/leads/totalGp/{sales_person_id}', { params: { path: { sales_person_id: salesPersonId } } })),
  });

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.filterOptions,
    queryFn: () => unwrap(api.GET('/leads/filter-options')),
    staleTime: LOOKUP_STALE_MS,
  });

export function pinColumn(stageId: number, isPinned: boolean) {
  return unwrap(api.PUT('/leads/pins', { body: { stageId, isPinned } }));
}

export const leadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}', { params: { path: { lead_id: id } } })),
    refetchInterval: LEAD_DETAIL_REFETCH_MS,
  });

export const leadFormQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.form(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/form', { params: { path: { lead_id: id } } })),
    // The edit form keeps what it loaded: a background refetch must not reset what is typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * Where this lead may move (the one owner of the stage rules answers): each stage with whether the move is
 * allowed and why not, whether it needs approval, what it requires and what is missing; and what a waiting
 * lead waits for.
 */
export const stageOptionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.stageOptions(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/stage-options', { params: { path: { lead_id: id } } })),
  });

export const stageDurationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.stageDurations(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/stageDurations', { params: { path: { lead_id: id } } })),
  });

export const leadHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.history(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/history', { params: { path: { lead_id: id } } })),
  });

export const finalDocumentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKeys.finalDocuments(id),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/finalDocuments', { params: { path: { lead_id: id } } })),
  });

export function createLead(body: LeadCreate) {
  return unwrap(api.POST('/leads', { body }));
}

/** Asks the approvers for a stage change, hold, drop or close of a lead. */
export function requestLeadApproval(leadId: number, body: ApprovalRequestIn) {
  return unwrap(api.POST('/leads/{lead_id}/approval-requests', { params: { path: { lead_id: leadId } }, body }));
}

/** The route a stage change, hold, drop or close of the lead would take if asked now (the dialog shows it before
 *  Confirm): its layers, who decides each, the layers it skips and why. */
export const requestRouteQueryOptions = (leadId: number, body: RouteRequestIn) =>
  queryOptions({
    queryKey: leadKeys.requestRoute(leadId, body),
    queryFn: () =>
      unwrap(api.POST('/leads/{lead_id}/approval-requests/route-preview', { params: { path: { lead_id: leadId } }, body })),
  });

/** PUT /leads/{id}/update/v2: the edit as the `data` part, each chosen file under its kind. */
export function updateLead(id: number, data: LeadUpdate, files: LeadUploads = {}) {
  return unwrap(
    api.PUT('/leads/{lead_id}/update/v2', {
      params: { path: { lead_id: id } },
      ...multipart<LeadEditForm>({ data, ...files }),
    }),
  );
}

/** Downloads a lead file with the bearer token (through the API client) and saves it. */
export async function downloadLeadFile(leadId: number, kind: LeadFileKind, filename: string): Promise<void> {
  const blob = await blobOf(
    api.GET('/leads/{lead_id}/files/{kind}', { params: { path: { lead_id: leadId, kind } }, parseAs: 'blob' }),
  );
  saveBlob(blob, filename);
}
