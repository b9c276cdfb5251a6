import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FILTER_OPTIONS = [
  { value: 'THIS_YEAR', label: 'This Year' },
  { value: 'THIS_WEEK', label: 'This Week' },
  { value: 'THIS_MONTH', label: 'This Month' },
  { value: 'PAST_3_MONTH', label: 'Past 3 Month' },
  { value: 'OTHER', label: 'Other' },
] as const;

export type DateFilterOption = (typeof DATE_FILTER_OPTIONS)[number]['value'];

export interface DateRange {
  from: Dayjs;
  to: Dayjs;
}

/**
 * The range an option stands for on a given day (null for "Other", whose range the user picks).
 * Weeks run Monday to Sunday; "Past 3 Month" runs from the start of the month two months ago to
 * the end of the current month.
 */
export function dateRangeFor(option: DateFilterOption, today: Dayjs = dayjs()): DateRange | null {
  switch (option) {
    case 'THIS_YEAR':
      return { from: today.startOf('year'), to: today.endOf('year') };
    case 'THIS_WEEK': {
      const sinceMonday = (today.day() + 6) % 7;
      const from = today.subtract(sinceMonday, 'day').startOf('day');
      return { from, to: from.add(6, 'day').endOf('day') };
    }
    case 'THIS_MONTH':
      return { from: today.startOf('month'), to: today.endOf('month') };
    case 'PAST_3_MONTH':
      return { from: today.subtract(2, 'month').startOf('month'), to: today.endOf('month') };
    case 'OTHER':
      return null;
  }
}

/** The yyyy-MM-dd form APIs take for date filters. */
export function toApiDate(date: Dayjs): string {
  return date.format('YYYY-MM-DD');
}
