/** Last-contacted badge thresholds in days (spec §2.2, §9). */
export const BADGE_YELLOW_FROM_DAYS = 30;
export const BADGE_RED_FROM_DAYS = 90;

export type BadgeColor = 'green' | 'yellow' | 'red';

/** Green under 30 days since the last contact, yellow from 30 to under 90, red from 90. */
export function badgeColor(days: number): BadgeColor {
  if (days >= BADGE_RED_FROM_DAYS) return 'red';
  if (days >= BADGE_YELLOW_FROM_DAYS) return 'yellow';
  return 'green';
}

/** '1 day', 'N days'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
