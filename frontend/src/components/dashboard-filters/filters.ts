import dayjs from 'dayjs';
import { DATE_FILTER_OPTIONS, dateRangeFor, toApiDate, type DateFilterValue } from '@/components/date-filter';

/** What the dashboard and the reports are narrowed by (spec 2 §2.6): a date range and four lists of ids. */
export interface DashboardFiltersValue {
  date: DateFilterValue;
  projectIds: number[];
  entityIds: number[];
  categoryIds: number[];
  salesPersonIds: number[];
}

/** This year, nothing else chosen: the dashboard's first view. */
export function defaultDashboardFilters(today = dayjs()): DashboardFiltersValue {
  return {
    date: { option: 'THIS_YEAR', range: dateRangeFor('THIS_YEAR', today) },
    projectIds: [],
    entityIds: [],
    categoryIds: [],
    salesPersonIds: [],
  };
}

/** How many filters beyond the date range are set (the phone's Filters button shows it). */
export function chosenCount(value: DashboardFiltersValue): number {
  return [value.projectIds, value.entityIds, value.categoryIds, value.salesPersonIds].filter((ids) => ids.length)
    .length;
}

/**
 * The `filters` query parameter of the dashboard and report calls (spec 2 §7): JSON with date.dateRange start and end
 * (YYYY-MM-DD), the date option's value and label, and the id lists. Without a range (Other, not yet picked) the
 * server's default applies: this year.
 */
export function toFiltersParam(value: DashboardFiltersValue): string {
  const { range, option } = value.date;
  const label = DATE_FILTER_OPTIONS.find((o) => o.value === option)?.label ?? option;
  return JSON.stringify({
    date: {
      ...(range ? { dateRange: { start: toApiDate(range.from), end: toApiDate(range.to) } } : {}),
      value: option,
      label,
    },
    projectIds: value.projectIds,
    entityIds: value.entityIds,
    categoryIds: value.categoryIds,
    salesPersonIds: value.salesPersonIds,
  });
}
