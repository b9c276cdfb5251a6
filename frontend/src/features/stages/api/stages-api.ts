import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Stage = components['schemas']['StageOut'];
export type StageIn = components['schemas']['StageIn'];

export const STAGE_DESCRIPTION_MAX = 60;

export const stageKeys = {
  all: ['stages'] as const,
};

export const stageListQueryOptions = () =>
  queryOptions({
    queryKey: stageKeys.all,
    queryFn: () => unwrap(api.GET('/stages')),
  });

export function updateStage(body: StageIn) {
  return unwrap(api.PUT('/stages', { body }));
}
