import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { auditKeys } from './keys';

type Schemas = components['schemas'];

export type AuditRow = Schemas['AuditRow'];
export type AuditChange = Schemas['AuditChange'];

export const AUDIT_PAGE_SIZE = 20;

/** What an entry is about. */
export const AUDIT_SUBJECTS = ['USER', 'HIERARCHY', 'ROLE', 'MENU', 'PAGE', 'ACCESS'] as const;
/** What was done. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DEACTIVATE',
  'ACTIVATE',
  'PASSWORD_SET',
  'UNLOCK',
  'DELETE',
  'GRANT',
  'REVOKE',
] as const;

/** The criteria JSON of the subject and action filters, or undefined when neither is set. */
export function auditCriteria({ subject, action }: { subject?: string; action?: string }): string | undefined {
  const criteria = [
    ...(subject ? [{ field: 'subject', value: subject }] : []),
    ...(action ? [{ field: 'action', value: action }] : []),
  ];
  return criteria.length > 0 ? JSON.stringify(criteria) : undefined;
}

export const auditListQueryOptions = (params: ServerListParams, criteria: string | undefined) =>
  queryOptions({
    queryKey: auditKeys.list(params, criteria),
    queryFn: () =>
      unwrap(
        api.GET('/audit', {
          params: { query: { ...serverListQuery(params), ...(criteria ? { criteria } : {}) } },
        }),
      ),
    placeholderData: (previous) => previous,
  });
