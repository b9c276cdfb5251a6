import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { approvalKeys } from './keys';
import type { DelegationIn } from './types';

export const DELEGATIONS_PAGE_SIZE = 10;

/** A page of the caller's delegations (as approver or delegate), or with `everyone` anyone's (administrators):
 * current first, then upcoming, then past (the server's order). */
export const delegationsQueryOptions = (scope: 'mine' | 'everyone', page = 1) =>
  queryOptions({
    queryKey: approvalKeys.delegations(scope, page),
    queryFn: () =>
      unwrap(
        api.GET('/approval-delegations', {
          params: {
            query: {
              everyone: scope === 'everyone',
              offset: (page - 1) * DELEGATIONS_PAGE_SIZE,
              limit: DELEGATIONS_PAGE_SIZE,
            },
          },
        }),
      ),
  });

/** The caller's own delegations as approver, current ones first: whether they are out of office now. */
export const ownDelegationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: approvalKeys.delegations('own', userId),
    queryFn: () =>
      unwrap(api.GET('/approval-delegations', { params: { query: { delegatorId: userId, limit: DELEGATIONS_PAGE_SIZE } } })),
  });

/** Active users to choose a delegate (or, for an administrator, an approver) from. */
export const delegationPeopleQueryOptions = () =>
  queryOptions({
    queryKey: approvalKeys.delegationPeople(),
    queryFn: () => unwrap(api.GET('/approval-delegations/people')),
    staleTime: 5 * 60_000,
  });

export function saveDelegation(id: number | null, body: DelegationIn) {
  return id
    ? unwrap(api.PUT('/approval-delegations/{delegation_id}', { params: { path: { delegation_id: id } }, body }))
    : unwrap(api.POST('/approval-delegations', { body }));
}

export function deleteDelegation(id: number) {
  return unwrap(api.DELETE('/approval-delegations/{delegation_id}', { params: { path: { delegation_id: id } } }));
}
