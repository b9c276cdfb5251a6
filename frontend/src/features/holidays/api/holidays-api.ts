import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { queryDomains } from '@/lib/query-domains';

export type Holiday = components['schemas']['HolidayOut'];
export type HolidayIn = components['schemas']['HolidayIn'];

export const HOLIDAY_PAGE = 'system/holiday';

export const holidayKeys = {
  all: [queryDomains.holidays] as const,
  year: (year: number) => [queryDomains.holidays, 'year', year] as const,
};

/** A year's holidays (the list's call: its Export runs it too). */
export const listHolidays = (year: number) => unwrap(api.GET('/holidays', { params: { query: { year } } }));

export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: holidayKeys.year(year),
    queryFn: () => listHolidays(year),
  });

export function saveHoliday(id: number | null, body: HolidayIn) {
  return id
    ? unwrap(api.PUT('/holidays/{holiday_id}', { params: { path: { holiday_id: id } }, body }))
    : unwrap(api.POST('/holidays', { body }));
}

export function deleteHoliday(id: number) {
  return unwrap(api.DELETE('/holidays/{holiday_id}', { params: { path: { holiday_id: id } } }));
}
