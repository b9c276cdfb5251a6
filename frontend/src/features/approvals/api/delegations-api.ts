import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { approvalKeys } from './keys';
import type { DelegationIn } from './types';

/** The caller's delegations (as approver or delegate), or with `everyone` anyone's (administrators). */
export const delegationsQueryOptions = (scope: 'mine' | 'everyone') =>
  queryOptions({
    queryKey: approvalKeys.delegations(scope),
    queryFn: () =>
      unwrap(api.GET('/approval-delegations', { params: { query: { everyone: scope === 'everyone' } } })),
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
