import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

export type DueTone = 'ok' | 'soon' | 'overdue';

export interface Due {
  /** "in 40 min", "in 3 h", "2 d left", "overdue 5 h". */
  text: string;
  /** ok: more than a day left (green); soon: less than a day (orange); overdue (red). */
  tone: DueTone;
}

const DAY_MINUTES = 24 * 60;

function span(minutes: number): string {
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  if (minutes < DAY_MINUTES) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / DAY_MINUTES)} d`;
}

/** How long is left until a layer is due (or how long it is overdue), null without a deadline. */
export function dueIn(dueAt: string | null | undefined, now: Date | number = Date.now()): Due | null {
  if (!dueAt) return null;
  const due = dayjs(dueAt);
  if (!due.isValid()) return null;
  const ms = due.diff(dayjs(now));
  // overdue from its first second (a whole-minute difference would read "in 0 min" for its first minute)
  if (ms < 0) return { text: `overdue ${span(Math.floor(-ms / 60_000))}`, tone: 'overdue' };
  const minutes = Math.floor(ms / 60_000);
  if (minutes >= DAY_MINUTES) return { text: `${span(minutes)} left`, tone: 'ok' };
  return { text: `in ${span(minutes)}`, tone: 'soon' };
}

/** The time now, moving every `everyMs` (a minute by default) so relative times stay true on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
