import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { leadKeys } from './keys';

type Schemas = components['schemas'];

/** A row of Leads Management. */
export type ManagedLead = Schemas['ManagedLead'];
export type ManagementOptions = Schemas['ManagementOptions'];
export type Monitoring = Schemas['Monitoring'];
export type MonitoringRow = Schemas['MonitoringRow'];
export type MonitoringCell = Schemas['MonitoringCell'];

export const LEADS_MANAGEMENT_PAGE = 'system/leads-management';
export const LEADS_MONITORING_PAGE = 'system/leads-monitoring';
export const LEADS_MANAGEMENT_PATH = '/system/leads-management';
export const MANAGEMENT_PAGE_SIZE = 10;

/**
 * The filters of Leads Management as the URL holds them (a monitoring cell links to them): '' for none. Dates are
 * YYYY-MM-DD local days; stale is a number of days without contact.
 */
export const MANAGEMENT_FILTERS = {
  sales: '',
  team: '',
  stage: '',
  status: '',
  client: '',
  createdFrom: '',
  createdTo: '',
  closeFrom: '',
  closeTo: '',
  stale: '',
};
type ManagementFilters = typeof MANAGEMENT_FILTERS;

/** The query string of GET /leads-management beside paging: criteria for the choices, the rest as they are. */
function managementQuery(filters: Partial<ManagementFilters>) {
  const criteria = [
    ...(filters.sales ? [{ field: 'salesPersonId', value: Number(filters.sales) }] : []),
    ...(filters.stage ? [{ field: 'stageId', value: Number(filters.stage) }] : []),
    ...(filters.status ? [{ field: 'status', value: filters.status.split(',') }] : []),
    ...(filters.client ? [{ field: 'clientId', value: Number(filters.client) }] : []),
  ];
  return {
    ...(criteria.length > 0 ? { criteria: JSON.stringify(criteria) } : {}),
    ...(filters.team ? { teamLeaderId: Number(filters.team) } : {}),
    ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
    ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
    ...(filters.closeFrom ? { expectedCloseFrom: filters.closeFrom } : {}),
    ...(filters.closeTo ? { expectedCloseTo: filters.closeTo } : {}),
    ...(filters.stale ? { staleDays: Number(filters.stale) } : {}),
  };
}

export const managedLeadsQueryOptions = (params: ServerListParams, filters: Partial<ManagementFilters>) => {
  const query = { ...serverListQuery(params), ...managementQuery(filters) };
  return queryOptions({
    queryKey: leadKeys.management(query),
    queryFn: () => unwrap(api.GET('/leads-management', { params: { query } })),
    placeholderData: (previous) => previous,
  });
};

export const managementOptionsQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.managementOptions,
    queryFn: () => unwrap(api.GET('/leads-management/filter-options')),
    staleTime: 5 * 60_000,
  });

/** The monitoring grid's filters as the URL holds them ('' for none). */
export const MONITORING_FILTERS = { team: '', createdFrom: '', createdTo: '', status: '' };
export type MonitoringFilters = typeof MONITORING_FILTERS;

const monitoringQuery = (filters: MonitoringFilters) => ({
  ...(filters.team ? { teamLeaderId: Number(filters.team) } : {}),
  ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
  ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
  ...(filters.status ? { status: filters.status } : {}),
});

/** The grid under its filters (the page's call: its Export runs it too). */
export const monitoringGrid = (filters: MonitoringFilters) =>
  unwrap(api.GET('/leads-monitoring', { params: { query: monitoringQuery(filters) } }));

export const monitoringQueryOptions = (filters: MonitoringFilters) =>
  queryOptions({
    queryKey: leadKeys.monitoring(monitoringQuery(filters)),
    queryFn: () => monitoringGrid(filters),
    placeholderData: (previous) => previous,
  });

/** An export of the grid: a row per sales person, a count and a GP column per stage, then the row's totals. */
export function monitoringExportColumns(stages: Monitoring['stages']) {
  return [
    { key: 'salesFullname', title: 'Sales Person' },
    { key: 'teamLeaderName', title: 'Team Leader' },
    ...stages.flatMap((stage, i) => [
      { key: `cells.${i}.count`, title: `${stage.stageDescription} (leads)` },
      { key: `cells.${i}.totalGrossProfit`, title: `${stage.stageDescription} GP` },
    ]),
    { key: 'count', title: 'Total leads' },
    { key: 'totalGrossProfit', title: 'Total GP' },
    { key: 'stale30', title: '30+ days without contact' },
    { key: 'stale90', title: '90+ days without contact' },
  ];
}

/**
 * The Leads Management address a monitoring cell opens: that person (and stage, or stale bucket) under the grid's
 * own filters. A stale bucket counts ongoing leads whatever the status filter, so it does not carry the status.
 */
export function managementLink(
  filters: MonitoringFilters,
  cell: { salesPersonId?: number; stageId?: number; stale?: number },
): string {
  const query = new URLSearchParams();
  if (cell.salesPersonId !== undefined) query.set('sales', String(cell.salesPersonId));
  if (cell.stageId !== undefined) query.set('stage', String(cell.stageId));
  if (cell.stale !== undefined) query.set('stale', String(cell.stale));
  if (filters.team) query.set('team', filters.team);
  if (filters.createdFrom) query.set('createdFrom', filters.createdFrom);
  if (filters.createdTo) query.set('createdTo', filters.createdTo);
  if (filters.status && cell.stale === undefined) query.set('status', statusList(filters.status));
  const text = query.toString();
  return text ? `${LEADS_MANAGEMENT_PATH}?${text}` : LEADS_MANAGEMENT_PATH;
}

/** The monitoring's status filter (ONGOING or one status) as the list's status list. */
function statusList(status: string): string {
  return status === 'ONGOING' ? 'NEW,WAITING' : status;
}
