import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';
import type { PipelineIn, PipelineKind } from './types';

const approvals = [queryDomains.approvals] as const;

/** The approval queue and the timelines of its requests. */
export const approvalKeys = {
  all: approvals,
  queue: (params: ServerListParams) => [...approvals, 'queue', params] as const,
  timeline: (approvalId: number) => [...approvals, 'timeline', approvalId] as const,
};

const pipelines = [queryDomains.approvalPipelines] as const;

/** The pipeline designers' lists, pipelines, people and overlap checks, per kind. */
export const pipelineKeys = {
  all: (kind: PipelineKind) => [...pipelines, kind] as const,
  list: (kind: PipelineKind) => [...pipelines, kind, 'list'] as const,
  detail: (kind: PipelineKind, id: number) => [...pipelines, kind, 'detail', id] as const,
  people: (kind: PipelineKind) => [...pipelines, kind, 'people'] as const,
  check: (kind: PipelineKind, body: PipelineIn) => [...pipelines, kind, 'check', body] as const,
};
