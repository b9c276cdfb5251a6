import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { pipelineKeys } from './keys';
import type { PipelineIn, PipelineKind, PipelineTryIn } from './types';

export type { PipelineKind } from './types';

/** The pipelines of a kind (the list's call: its Export runs it too). */
export const listPipelines = (kind: PipelineKind) =>
  unwrap(kind === 'pcs' ? api.GET('/pcs-approval-pipelines') : api.GET('/approval-pipelines'));

export const pipelineListQueryOptions = (kind: PipelineKind) =>
  queryOptions({
    queryKey: pipelineKeys.list(kind),
    queryFn: () => listPipelines(kind),
  });

export const pipelineQueryOptions = (kind: PipelineKind, id: number | undefined) =>
  queryOptions({
    queryKey: pipelineKeys.detail(kind, id ?? 0),
    queryFn: () => {
      const params = { path: { pipeline_id: id! } };
      return unwrap(
        kind === 'pcs'
          ? api.GET('/pcs-approval-pipelines/{pipeline_id}', { params })
          : api.GET('/approval-pipelines/{pipeline_id}', { params }),
      );
    },
    enabled: id !== undefined && Number.isFinite(id),
  });

/** Every active user, to pick approvers and sales people from. */
export const pipelinePeopleQueryOptions = (kind: PipelineKind) =>
  queryOptions({
    queryKey: pipelineKeys.people(kind),
    queryFn: () =>
      unwrap(kind === 'pcs' ? api.GET('/pcs-approval-pipelines/people') : api.GET('/approval-pipelines/people')),
    staleTime: 5 * 60_000,
  });

/**
 * Which active pipelines already cover the sales persons of this one (its action type, its own id left
 * out): the server's messages say what saving it would be refused for.
 */
export const pipelineCheckQueryOptions = (kind: PipelineKind, body: PipelineIn) =>
  queryOptions({
    queryKey: pipelineKeys.check(kind, body),
    queryFn: () =>
      unwrap(
        kind === 'pcs'
          ? api.POST('/pcs-approval-pipelines/check', { body })
          : api.POST('/approval-pipelines/check', { body }),
      ),
  });

/** The lead stages (their order on the board), to name in a target stage condition. */
export const pipelineStagesQueryOptions = () =>
  queryOptions({
    queryKey: pipelineKeys.stages(),
    queryFn: async () => (await unwrap(api.GET('/leads/filter-options'))).stages,
    staleTime: 5 * 60_000,
  });

/** "Try on a lead": the route a request of the lead would take through the pipeline as drawn (not saved). */
export function tryPipeline(kind: PipelineKind, body: PipelineTryIn) {
  return unwrap(
    kind === 'pcs'
      ? api.POST('/pcs-approval-pipelines/route-preview', { body })
      : api.POST('/approval-pipelines/route-preview', { body }),
  );
}

/** POST creates a pipeline; PUT (with an id) saves a new version of it. */
export function savePipeline(kind: PipelineKind, body: PipelineIn) {
  if (kind === 'pcs') {
    return unwrap(body.id ? api.PUT('/pcs-approval-pipelines', { body }) : api.POST('/pcs-approval-pipelines', { body }));
  }
  return unwrap(body.id ? api.PUT('/approval-pipelines', { body }) : api.POST('/approval-pipelines', { body }));
}

export function deletePipeline(kind: PipelineKind, id: number) {
  const params = { path: { pipeline_id: id } };
  return unwrap(
    kind === 'pcs'
      ? api.DELETE('/pcs-approval-pipelines/{pipeline_id}', { params })
      : api.DELETE('/approval-pipelines/{pipeline_id}', { params }),
  );
}
