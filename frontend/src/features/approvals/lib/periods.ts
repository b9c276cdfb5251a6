import { formatDateRange } from '@/lib/format';

/** "1-Dec-2026 – 5-Dec-2026", or "3-Dec-2026" for one day (lib/format's one date style). */
export function periodText(startsOn: string, endsOn: string): string {
  return formatDateRange(startsOn, endsOn);
}
