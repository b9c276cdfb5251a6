import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import { approvalKeys } from './keys';
import type { BulkDecisionIn, Decision } from './types';

/** Approval queue default page size (spec 2 §9). */
export const APPROVAL_PAGE_SIZE = 10;
/** The lead's page asks again what waits for the reader on it, as often as it refetches the lead (spec 2 §9). */
export const LEAD_QUEUE_REFETCH_MS = 10_000;
/** The review dialog keeps the timeline live while it is open. */
export const TIMELINE_REFETCH_MS = 5_000;

/** The caller's queue: requests waiting for their decision, paged on the server. */
export const approvalQueueQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: approvalKeys.queue(params),
    queryFn: () =>
      unwrap(
        api.GET('/approval', {
          params: { query: serverListQuery(params) },
        }),
      ),
    placeholderData: (previous) => previous,
  });

/** The requests on one lead waiting for the caller's decision (its page offers them), as the queue shows them. */
export const leadQueueQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: approvalKeys.leadQueue(leadId),
    queryFn: () =>
      unwrap(
        api.GET('/approval', {
          params: { query: { criteria: JSON.stringify([{ field: 'leadId', value: leadId }]), limit: 100 } },
        }),
      ).then((page) => page.data),
    // as the lead's detail: another approver may decide it meanwhile
    refetchInterval: LEAD_QUEUE_REFETCH_MS,
  });

/** A request's live timeline (layers, their status and approvers). */
export const approvalTimelineQueryOptions = (approvalId: number | undefined) =>
  queryOptions({
    queryKey: approvalKeys.timeline(approvalId ?? 0),
    queryFn: () =>
      unwrap(api.GET('/approval/{approval_id}/timeline', { params: { path: { approval_id: approvalId! } } })),
    enabled: approvalId !== undefined,
    refetchInterval: TIMELINE_REFETCH_MS,
  });

/** Approves or rejects a request; answers the updated timeline. */
export function decideApproval(approvalId: number, body: Decision) {
  return unwrap(api.PUT('/approval/{approval_id}/handle-hold', { params: { path: { approval_id: approvalId } }, body }));
}

/** Decides several requests of the queue at once; answers what was decided and what was refused, per request. */
export function decideBulk(body: BulkDecisionIn) {
  return unwrap(api.POST('/approval/bulk', { body }));
}

/** What a mail's Approve or Reject link will decide (public: the link is the credential; it changes nothing). */
export const approvalLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: approvalKeys.link(token),
    queryFn: () => unwrap(api.GET('/approval-links/{token}', { params: { path: { token } } })),
    // a used or expired link stays so; and the page must not ask again while it is being decided
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

/** Decides as a mail's link says, once the approver confirms (a rejection with its note). */
export function decideByLink(token: string, note: string | null) {
  return unwrap(api.POST('/approval-links/{token}', { params: { path: { token } }, body: { note } }));
}
