import type { Dayjs } from 'dayjs';
import { formatDayHeading, isoDate } from '@/lib/format';
import type { ScheduleRow, ScheduleUpdate } from '../api/types';

/** Spec 2 §9: a calendar event lasts one hour. */
export const EVENT_HOURS = 1;

/** A day's heading on the schedule page: "Thu, 26-Nov-2026". */
export function dayHeading(day: Dayjs | string): string {
  return formatDayHeading(day);
}

/** The day key (YYYY-MM-DD, the business's day: TIME_ZONE's) of an instant. */
export function dayKey(at: Dayjs | string | Date): string {
  return isoDate(at);
}

export interface DayGroup<T> {
  day: string;
  items: T[];
}

/** Rows grouped by their day, in the order they came (upcoming: soonest first; history: latest first). */
export function groupByDay<T extends { scheduleTime: string }>(rows: T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const row of rows) {
    const day = dayKey(row.scheduleTime);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(row);
    else groups.push({ day, items: [row] });
  }
  return groups;
}

/** The plan as the schedule form would save it, at another time (a plan dragged in the calendar). */
export function movedTo(row: ScheduleRow, at: Date): ScheduleUpdate {
  return {
    id: row.id,
    client: { value: row.clientId, label: row.clientName },
    projectName: { value: row.leadsId, label: row.projectName },
    personInCharge: row.picId ? { value: row.picId, label: row.picName ?? '' } : null,
    activity: { value: row.activityType, label: row.media },
    dateAndTime: at.toISOString(),
    remark: row.scheduleNotes,
  };
}
