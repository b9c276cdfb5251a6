import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf, saveBlob } from '@/lib/api/download';
import type { components } from '@/lib/api/schema';
import { billingKeys } from './keys';

type Schemas = components['schemas'];
export type BillingRow = Schemas['BillingRowOut'];
export type BillingPage = Schemas['BillingPage'];
export type MonthTotal = Schemas['MonthTotal'];
export type ClientTotal = Schemas['ClientTotal'];
export type StatusOption = Schemas['StatusOption'];
export type BillingHistory = Schemas['BillingHistory'];
export type BillingStatusMove = Schemas['BillingStatusMove'];

export const BILLING_PAGE = 'system/monthly-billing';
export const BILLING_PAGE_SIZE = 20;

/** The list's and the export's filters, as the server takes them. */
export interface BillingFilters {
  status?: string;
  monthFrom?: string;
  monthTo?: string;
  clientId?: number;
  salesPersonId?: number;
}

function filterQuery(f: BillingFilters) {
  return {
    ...(f.status ? { status: [f.status] } : {}),
    ...(f.monthFrom ? { monthFrom: f.monthFrom } : {}),
    ...(f.monthTo ? { monthTo: f.monthTo } : {}),
    ...(f.clientId ? { clientId: f.clientId } : {}),
    ...(f.salesPersonId ? { salesPersonId: f.salesPersonId } : {}),
  };
}

/** GET /monthly-billing: a page of rows, month by month, with the month and client totals of every row kept. */
export const billingListQueryOptions = (params: ServerListParams, filters: BillingFilters, enabled = true) => {
  const query = { ...serverListQuery(params), ...filterQuery(filters) };
  return queryOptions({
    queryKey: billingKeys.list(query),
    queryFn: () => unwrap(api.GET('/monthly-billing', { params: { query } })),
    placeholderData: (previous) => previous,
    enabled,
  });
};

/** GET /monthly-billing/{id}/history: the row and its moves, newest first. */
export const billingHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.history(id),
    queryFn: () =>
      unwrap(api.GET('/monthly-billing/{billing_schedule_id}/history', { params: { path: { billing_schedule_id: id } } })),
  });

/** PUT /monthly-billing/{id}/status from the status the screen showed (the server refuses when it moved). */
export const moveBilling = (row: BillingRow, status: string, note?: string) =>
  unwrap(
    api.PUT('/monthly-billing/{billing_schedule_id}/status', {
      params: { path: { billing_schedule_id: row.id } },
      body: { status, expectedStatus: row.paymentStatus, note: note ?? null },
    }),
  );

/** GET /monthly-billing/export.xlsx with the list's filters, saved under the server's name. */
export async function exportBilling(filters: BillingFilters, search: string): Promise<string> {
  const call = api.GET('/monthly-billing/export.xlsx', {
    params: { query: { ...filterQuery(filters), ...(search ? { search } : {}) } },
    parseAs: 'blob',
  });
  const { blob, filename } = await namedBlobOf(call, 'monthly-billing.xlsx');
  saveBlob(blob, filename);
  return filename;
}
