import { queryDomains } from '@/lib/query-domains';
import type { BoardParams, LeadListParams } from './types';

const all = [queryDomains.leads] as const;

/** Every query key of the leads feature (the board, lists, a lead's screens, the lookups its forms use). */
export const leadKeys = {
  all,
  board: (params: BoardParams) => [...all, params] as const,
  list: (params: LeadListParams) => [...all, 'list', params] as const,
  totalGp: (salesPersonId: number) => [...all, 'totalGp', salesPersonId] as const,
  filterOptions: [...all, 'filter-options'] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  form: (id: number) => [...all, 'form', id] as const,
  stageOptions: (id: number) => [...all, 'stageOptions', id] as const,
  /** The route a request of the lead would take if made now (a stage change names its stage). */
  requestRoute: (id: number, body: object) => [...all, 'requestRoute', id, body] as const,
  stageDurations: (id: number) => [...all, 'stageDurations', id] as const,
  history: (id: number) => [...all, 'history', id] as const,
  finalDocuments: (id: number) => [...all, 'finalDocuments', id] as const,
  lookup: (name: string) => [...all, 'lookup', name] as const,
  contacts: (clientId: number | undefined) => [...all, 'contacts', { clientId }] as const,
  management: (query: object) => [...all, 'management', query] as const,
  managementOptions: [...all, 'management-options'] as const,
  monitoring: (query: object) => [...all, 'monitoring', query] as const,
};
