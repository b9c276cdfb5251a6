import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { leadKeys } from './keys';
import { CONTACTS_LIMIT, LOOKUP_STALE_MS } from './leads-api';

/** Master-data lists the lead forms need, cached for 5 minutes (spec §7); the clients are lib/master-data's. */
export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.lookup('sources'),
    queryFn: () => unwrap(api.GET('/master-data/sources')),
    staleTime: LOOKUP_STALE_MS,
  });

export const unitsQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.lookup('units'),
    queryFn: () => unwrap(api.GET('/master-data/units')),
    staleTime: LOOKUP_STALE_MS,
  });

export const serviceCategoryMapQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.lookup('service-category-map'),
    queryFn: () => unwrap(api.GET('/master-data/service-category-map')),
    staleTime: LOOKUP_STALE_MS,
  });

/** The contacts of one client (up to 100), offered as persons in charge. */
export const clientContactsQueryOptions = (clientId: number | undefined) =>
  queryOptions({
    queryKey: leadKeys.contacts(clientId),
    queryFn: () =>
      unwrap(
        api.GET('/people', {
          params: {
            query: {
              criteria: JSON.stringify([{ field: 'clientId', value: clientId }]),
              limit: CONTACTS_LIMIT,
              offset: 0,
            },
          },
        }),
      ),
    enabled: clientId !== undefined && clientId !== null,
    staleTime: 30_000,
  });
