import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';
import type { PipelineIn, PipelineKind, RegisterKind } from './types';

const approvals = [queryDomains.approvals] as const;

/** The approval queue and the timelines of its requests. */
export const approvalKeys = {
  all: approvals,
  queue: (params: ServerListParams) => [...approvals, 'queue', params] as const,
  leadQueue: (leadId: number) => [...approvals, 'lead-queue', leadId] as const,
  timeline: (approvalId: number) => [...approvals, 'timeline', approvalId] as const,
  link: (token: string) => [...approvals, 'mail-link', token] as const,
  register: (kind: RegisterKind, params: object) => [...approvals, 'register', kind, params] as const,
  request: (kind: RegisterKind, approvalId: number) => [...approvals, 'register', kind, 'request', approvalId] as const,
  people: (kind: RegisterKind) => [...approvals, 'register', kind, 'people'] as const,
  leads: (search: string) => [...approvals, 'register', 'leads', search] as const,
  stageOptions: (leadId: number) => [...approvals, 'register', 'stage-options', leadId] as const,
  /** The route a request made now would take (the add page shows it before sending). */
  route: (leadId: number, body: object) => [...approvals, 'register', 'route', leadId, body] as const,
  pdf: (leadId: number, revision: number | null) => [...approvals, 'register', 'pdf', leadId, revision] as const,
  /** Out of office: a page of the caller's delegations ('mine') or everyone's (an administrator's), or the caller's
   * own as approver ('own', by their id). */
  delegations: (scope: 'mine' | 'everyone' | 'own', page: number) => [...approvals, 'delegations', scope, page] as const,
  delegationPeople: () => [...approvals, 'delegations', 'people'] as const,
};

const pipelines = [queryDomains.approvalPipelines] as const;

/** The pipeline designers' lists, pipelines, people and overlap checks, per kind. */
export const pipelineKeys = {
  all: (kind: PipelineKind) => [...pipelines, kind] as const,
  list: (kind: PipelineKind) => [...pipelines, kind, 'list'] as const,
  detail: (kind: PipelineKind, id: number) => [...pipelines, kind, 'detail', id] as const,
  people: (kind: PipelineKind) => [...pipelines, kind, 'people'] as const,
  check: (kind: PipelineKind, body: PipelineIn) => [...pipelines, kind, 'check', body] as const,
  /** The lead stages a condition may name (the lead screens' stages). */
  stages: () => [...pipelines, 'stages'] as const,
};
