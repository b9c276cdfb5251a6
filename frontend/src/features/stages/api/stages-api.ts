import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { stageKeys } from './keys';

export type Stage = components['schemas']['StageOut'];
export type StageIn = components['schemas']['StageIn'];
export type StageCreate = components['schemas']['StageCreate'];
export type RequirementChoice = components['schemas']['FieldLabel'];

export const STAGE_NAME_MAX = 10;
export const STAGE_DESCRIPTION_MAX = 60;
export const STAGE_POSITION_MAX = 99;

/** The stages in order (the list's call: its Export runs it too). */
export const listStages = () => unwrap(api.GET('/stages'));

export const stageListQueryOptions = () =>
  queryOptions({
    queryKey: stageKeys.all,
    queryFn: listStages,
  });

/** Every field a stage can require, with its label (the server's catalogue). */
export const requirementCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: stageKeys.catalogue,
    queryFn: () => unwrap(api.GET('/stages/requirement-catalogue')),
    staleTime: 5 * 60_000,
  });

export function updateStage(body: StageIn) {
  return unwrap(api.PUT('/stages', { body }));
}

export function createStage(body: StageCreate) {
  return unwrap(api.POST('/stages', { body }));
}
