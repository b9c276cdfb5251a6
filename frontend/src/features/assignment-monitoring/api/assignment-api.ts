import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { assignmentKeys } from './keys';

type Schemas = components['schemas'];

export type ReassignmentRow = Schemas['ReassignmentRow'];
export type ReassignmentDetail = Schemas['ReassignmentDetail'];
export type MovedLead = Schemas['MovedLead'];
export type BookLead = Schemas['BookLead'];
export type Person = Schemas['Person'];
export type ReassignIn = Schemas['ReassignIn'];
export type OwnerChangeIn = Schemas['OwnerChangeIn'];

export const ASSIGNMENT_PAGE = 'system/assignment-monitoring';
export const ASSIGNMENT_PATH = '/system/assignment-monitoring';
export const ASSIGNMENTS_PAGE_SIZE = 10;
export const BOOK_PAGE_SIZE = 10;

export const assignmentPath = (id: number) => `${ASSIGNMENT_PATH}/${id}`;

export const reassignmentsQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: assignmentKeys.list(params),
    queryFn: () => unwrap(api.GET('/assignment-monitoring', { params: { query: serverListQuery(params) } })),
    placeholderData: (previous) => previous,
  });

export const reassignmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: assignmentKeys.detail(id),
    queryFn: () =>
      unwrap(
        api.GET('/assignment-monitoring/{reassignment_id}', { params: { path: { reassignment_id: id } } }),
      ),
    enabled: Number.isFinite(id),
  });

export const bookQueryOptions = (personId: number, params: ServerListParams) =>
  queryOptions({
    queryKey: assignmentKeys.book(personId, params),
    queryFn: () =>
      unwrap(
        api.GET('/assignment-monitoring/leads', {
          params: { query: { ...serverListQuery(params), salesPersonId: personId } },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: assignmentKeys.people,
    queryFn: () => unwrap(api.GET('/assignment-monitoring/people')),
  });

export function reassign(body: ReassignIn) {
  return unwrap(api.POST('/assignment-monitoring', { body }));
}

/** Give chosen leads (of one or more sales people) to another: a reassignment for each person whose leads move. */
export function changeOwner(body: OwnerChangeIn) {
  return unwrap(api.POST('/assignment-monitoring/owner-changes', { body }));
}

/** After leads move: the reassignments, the boards, the dashboard's figures and the schedules follow the new owner. */
export function refreshAfterMove(queryClient: QueryClient): Promise<void> {
  return invalidateDomains(
    queryClient,
    queryDomains.assignmentMonitoring,
    queryDomains.leads,
    queryDomains.dashboard,
    queryDomains.activities,
  );
}

/** "3 leads", "1 lead". */
export const leadsText = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;
