import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap, type JsonBody } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { ClientIn } from '@/lib/api/types';
import { clientKeys } from './keys';

export type { ClientDetail, ClientIn, ClientPage, ClientRow } from '@/lib/api/types';

/** Client table default page size (spec §9). */
export const CLIENT_PAGE_SIZE = 10;
export const CLIENT_CODE_LENGTH = 3;

export const clientListQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () =>
      unwrap(
        api.GET('/clients', {
          params: { query: serverListQuery(params) },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => unwrap(api.GET('/clients/detail/{client_id}', { params: { path: { client_id: id } } })),
    enabled: Number.isFinite(id),
  });

export function createClient(body: ClientIn) {
  return unwrap(api.POST('/clients', { body }));
}

export function updateClient(body: ClientIn) {
  return unwrap(api.PUT('/clients', { body }));
}

export function deleteClient(id: number) {
  return unwrap(api.DELETE('/clients/{client_id}', { params: { path: { client_id: id } } }));
}

/** Resolves when the client name is free; a 409 throws an ApiError with the server's message. */
export function checkClientName(body: JsonBody<'/clients/check-availibility', 'post'>) {
  return unwrap(api.POST('/clients/check-availibility', { body }));
}

/** Resolves when the code is free; a 409 throws an ApiError. */
export function checkClientCode(body: JsonBody<'/clients/check-code-availibility', 'post'>) {
  return unwrap(api.POST('/clients/check-code-availibility', { body }));
}

/** The message of a refused code: `errors.message` when the server sends it, else its messages. */
export function codeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { errors?: { message?: unknown } } | undefined;
    const nested = body?.errors?.message;
    if (typeof nested === 'string' && nested.trim() !== '') return nested;
    return error.firstMessage;
  }
  return 'Client code could not be checked.';
}

export type PersonnelAvailability = JsonBody<'/people/check-availibility', 'post'>;

/** Resolves when no other contact of an existing client has this name and position (the personnel modal); a 409 throws. */
export function checkPersonnelAvailability(body: PersonnelAvailability) {
  return unwrap(api.POST('/people/check-availibility', { body }));
}
