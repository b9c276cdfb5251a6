import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { auditKeys } from './keys';

type Schemas = components['schemas'];

export type AuditRow = Schemas['AuditRow'];
export type AuditChange = Schemas['AuditChange'];

export const AUDIT_PAGE_SIZE = 20;

/** What an entry is about, and what was done: every value the API's contract names (the Record types make tsc
 * refuse a list that misses one the server may write). */
const SUBJECTS: Record<AuditRow['subject'], true> = {
  USER: true,
  HIERARCHY: true,
  ROLE: true,
  MENU: true,
  PAGE: true,
  ACCESS: true,
  ROLE_MAPPING: true,
  IMPORT: true,
  CONTACT: true,
};
const ACTIONS: Record<AuditRow['action'], true> = {
  CREATE: true,
  UPDATE: true,
  DEACTIVATE: true,
  ACTIVATE: true,
  DELETE: true,
  PASSWORD_SET: true,
  UNLOCK: true,
  MOVE: true,
  GRANT: true,
  REVOKE: true,
  CHANGE: true,
  SECOND_FACTOR_RESET: true,
  IMPORT: true,
  UNDO: true,
  EXPORT: true,
  ERASE: true,
};
export const AUDIT_SUBJECTS = Object.keys(SUBJECTS) as AuditRow['subject'][];
export const AUDIT_ACTIONS = Object.keys(ACTIONS) as AuditRow['action'][];

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
