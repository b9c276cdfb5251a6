import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { queryDomains } from '@/lib/query-domains';

export type { Affiliate, City, Country, Industry, Province } from '@/lib/api/types';

/**
 * Reference lists of /master-data any screen may read (the client wizard, the lead forms, the dashboard's and the
 * reports' filters); this module owns their query keys. Industries and affiliates rarely change; countries, provinces and cities are kept 30 s (spec §9).
 */
const LOOKUP_STALE_MS = 5 * 60_000;
const REGION_STALE_MS = 30_000;

export const masterDataKeys = {
  all: [queryDomains.masterData] as const,
  industries: [queryDomains.masterData, 'industries'] as const,
  countries: [queryDomains.masterData, 'countries'] as const,
  provinces: (country: number | undefined) => [queryDomains.masterData, 'provinces', { country }] as const,
  cities: (province: number | undefined) => [queryDomains.masterData, 'cities', { province }] as const,
  affiliates: [queryDomains.masterData, 'affiliates'] as const,
  projectTypes: [queryDomains.masterData, 'project-types'] as const,
  entities: [queryDomains.masterData, 'entities'] as const,
  serviceCategories: [queryDomains.masterData, 'service-categories'] as const,
  clients: [queryDomains.masterData, 'clients'] as const,
  salesPersons: [queryDomains.masterData, 'sales-persons'] as const,
  salesUsersByLeader: [queryDomains.masterData, 'sales-users-by-leader'] as const,
};

export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.industries,
    queryFn: () => unwrap(api.GET('/master-data/industries')),
    staleTime: LOOKUP_STALE_MS,
  });

export const affiliatesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.affiliates,
    queryFn: () => unwrap(api.GET('/master-data/affiliates')),
    staleTime: LOOKUP_STALE_MS,
  });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.countries,
    queryFn: () => unwrap(api.GET('/master-data/countries')),
    staleTime: REGION_STALE_MS,
  });

/** Provinces of a country; not loaded until a country is chosen. */
export const provincesQueryOptions = (country: number | undefined) =>
  queryOptions({
    queryKey: masterDataKeys.provinces(country),
    queryFn: () => unwrap(api.GET('/master-data/provinces', { params: { query: { country } } })),
    staleTime: REGION_STALE_MS,
    enabled: country !== undefined && country !== null,
  });

/** Cities of a province; not loaded until a province is chosen. */
export const citiesQueryOptions = (province: number | undefined) =>
  queryOptions({
    queryKey: masterDataKeys.cities(province),
    queryFn: () => unwrap(api.GET('/master-data/cities', { params: { query: { province } } })),
    staleTime: REGION_STALE_MS,
    enabled: province !== undefined && province !== null,
  });

export const projectTypesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.projectTypes,
    queryFn: () => unwrap(api.GET('/master-data/project-types')),
    staleTime: LOOKUP_STALE_MS,
  });

export const entitiesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.entities,
    queryFn: () => unwrap(api.GET('/master-data/entities')),
    staleTime: LOOKUP_STALE_MS,
  });

export const serviceCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.serviceCategories,
    queryFn: () => unwrap(api.GET('/master-data/service-categories')),
    staleTime: LOOKUP_STALE_MS,
  });

/** Active clients, id and name (the lead forms, the approval pipelines' conditions). */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.clients,
    queryFn: () => unwrap(api.GET('/master-data/clients')),
    staleTime: LOOKUP_STALE_MS,
  });

/** Every active sales person (for whitelisted roles, who see everyone's leads). */
export const salesPersonsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: masterDataKeys.salesPersons,
    queryFn: () => unwrap(api.GET('/master-data/sales-persons')),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });

/** The users reporting to the caller (a team leader's team). */
export const salesUsersByLeaderQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: masterDataKeys.salesUsersByLeader,
    queryFn: () => unwrap(api.GET('/master-data/sales-users-by-leader')),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
