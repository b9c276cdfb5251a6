import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { targetKeys } from './keys';

type Schemas = components['schemas'];

/** A sales person's target for the year; `id` is null (and the amount 0) while none is set. */
export type TargetRow = Schemas['TargetRow'];
export type TargetPage = Schemas['TargetPage'];
export type TeamTotal = Schemas['TeamTotal'];
export type TargetDetail = Schemas['TargetDetail'];
export type TargetChange = Schemas['TargetChange'];
export type TargetIn = Schemas['TargetIn'];

export const SALES_TARGET_PAGE = 'system/sales-target';
export const SALES_TARGET_PATH = '/system/sales-target';
export const SALES_TARGET_TITLE = 'Sales Target';
export const TARGET_PAGE_SIZE = 10;
export const NO_ACCESS_TEXT = 'You do not have access to view the sales targets.';
/** The years the server takes (api/sales_targets/schemas.py). */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

export type TargetListParams = ServerListParams & { year: number };

/** The detail of a sales person's target for a year: /system/sales-target/{sales person id}?year=... */
export const targetDetailPath = (salesPersonId: number, year: number) =>
  `${SALES_TARGET_PATH}/${salesPersonId}?year=${year}`;

/** A year from the address, or this year when there is none or the server would refuse it. */
export function yearOf(text: string | null | undefined): number {
  const year = Number(text);
  return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX ? year : new Date().getFullYear();
}

export const targetListQueryOptions = (params: TargetListParams) =>
  queryOptions({
    queryKey: targetKeys.list(params),
    queryFn: () =>
      unwrap(api.GET('/sales-targets', { params: { query: { ...serverListQuery(params), year: params.year } } })),
    placeholderData: (previous) => previous,
  });

export const personTargetQueryOptions = (salesPersonId: number, year: number) =>
  queryOptions({
    queryKey: targetKeys.person(salesPersonId, year),
    queryFn: () =>
      unwrap(
        api.GET('/sales-targets/sales-people/{sales_person_id}', {
          params: { path: { sales_person_id: salesPersonId }, query: { year } },
        }),
      ),
    enabled: Number.isInteger(salesPersonId) && salesPersonId > 0,
  });

export function saveTarget(body: TargetIn) {
  return unwrap(api.PUT('/sales-targets', { body }));
}

/** Sets a sales person's target for a year: the saved detail is kept, the lists and their totals are refetched. */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTarget,
    onSuccess: async (saved) => {
      queryClient.setQueryData(targetKeys.person(saved.salesPersonId, saved.year), saved);
      await queryClient.invalidateQueries({ queryKey: targetKeys.lists });
    },
  });
}
