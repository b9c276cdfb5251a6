import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { coaKeys } from './keys';

type Schemas = components['schemas'];

/** A chart of accounts entry as the API answers it (`item` is the same as `name`). */
export type Coa = Schemas['CoaOut'];
export type CoaIn = Schemas['CoaIn'];
export type CoaType = Schemas['CoaType'];

/** What the COA form holds. */
export interface CoaForm {
  code: string;
  item: string;
  description: string;
  keywords: string;
  type: string;
}

/** COA table default page size (spec §9). */
export const COA_PAGE_SIZE = 10;
/** The column sizes of the chart of accounts (the server refuses longer text). */
export const COA_MAX_LENGTH = { code: 30, item: 200, description: 2000, keywords: 300 } as const;

export const coaListQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: coaKeys.list(params),
    queryFn: () =>
      unwrap(
        api.GET('/coa-management', {
          params: { query: serverListQuery(params) },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const coaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: coaKeys.detail(id),
    queryFn: () => unwrap(api.GET('/coa-management/{coa_id}', { params: { path: { coa_id: id } } })),
    enabled: Number.isFinite(id),
  });

export const coaTypesQueryOptions = () =>
  queryOptions({
    queryKey: coaKeys.types,
    queryFn: () => unwrap(api.GET('/coa-management/type')),
    staleTime: Infinity,
  });

export function createCoa(body: CoaIn) {
  return unwrap(api.POST('/coa-management', { body }));
}

export function updateCoa(body: CoaIn) {
  return unwrap(api.PUT('/coa-management', { body }));
}

export function deleteCoa(id: number) {
  return unwrap(api.PUT('/coa-management/delete', { body: { id } }));
}
