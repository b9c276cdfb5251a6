import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap, type JsonBody } from '@/lib/api/client';
import type { ContactIn } from '@/lib/api/types';
import { contactKeys } from './keys';

export type { Contact, ContactClientOption, ContactHistoryEntry, ContactIn, FieldChange } from '@/lib/api/types';

export const CONTACT_PAGE_SIZE = 10;
/** Contact history is kept for five minutes (spec §9). */
export const CONTACT_HISTORY_STALE_MS = 5 * 60_000;

/** The table's columns by the server's sort field names. */
export const CONTACT_SORT_FIELDS = ['fullname', 'clientName', 'position'] as const;

export const contactListQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () =>
      unwrap(
        api.GET('/people', {
          params: { query: serverListQuery(params) },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const contactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: () => unwrap(api.GET('/people/{contact_id}', { params: { path: { contact_id: id } } })),
    enabled: Number.isFinite(id),
  });

export const contactHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.history(id),
    queryFn: () => unwrap(api.GET('/people/history/{contact_id}', { params: { path: { contact_id: id } } })),
    staleTime: CONTACT_HISTORY_STALE_MS,
    enabled: Number.isFinite(id),
  });

export const contactClientsQueryOptions = () =>
  queryOptions({
    queryKey: contactKeys.clients,
    queryFn: () => unwrap(api.GET('/people/get-clients')),
  });

export function createContact(body: ContactIn) {
  return unwrap(api.POST('/people', { body }));
}

export function updateContact(body: ContactIn) {
  return unwrap(api.PUT('/people', { body }));
}

export function deleteContact(id: number) {
  return unwrap(api.PUT('/people/delete', { body: { id } }));
}

export type ContactAvailabilityInput = JsonBody<'/people/check-availibility-input', 'post'>;

/** Resolves when no other contact of the client has this name and position; a 409 throws. */
export function checkContactAvailabilityInput(body: ContactAvailabilityInput) {
  return unwrap(api.POST('/people/check-availibility-input', { body }));
}
