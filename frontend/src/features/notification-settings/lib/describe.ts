import type { Channel, RecipientCode, Setting } from '../api/settings-api';

export const CHANNEL_LABELS: Record<Channel, string> = { IN_APP: 'In-app', EMAIL: 'E-mail' };
export const CHANNELS = Object.keys(CHANNEL_LABELS) as Channel[];
/** The recipient that needs users named in the setting. */
export const NAMED_USERS: RecipientCode = 'USERS';
/** A reminder at fixed moments (the server's fixedDays): '30 and 90'. */
export const fixedDaysText = (days: readonly number[]) =>
  days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}` : `${days[0]}`;
export const LEAD_TIME_CHOICES = [
  { minutes: 15, label: '15 min' },
  { minutes: 30, label: '30 min' },
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
] as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 90 -> '1 hour 30 minutes', 1440 -> '1 day'. */
export function formatMinutes(total: number): string {
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts = [
    days > 0 && plural(days, 'day'),
    hours > 0 && plural(hours, 'hour'),
    (minutes > 0 || total === 0) && plural(minutes, 'minute'),
  ];
  return parts.filter(Boolean).join(' ');
}

/** The Lead time column: '30 minutes before', 'At 30 and 90 days', or nothing for an action without one. */
export function leadTimeText(setting: Pick<Setting, 'fixedDays' | 'hasLeadTime' | 'leadMinutes'>): string | null {
  if (setting.fixedDays.length > 0) return `At ${fixedDaysText(setting.fixedDays)} days`;
  if (!setting.hasLeadTime || setting.leadMinutes === null) return null;
  return `${formatMinutes(setting.leadMinutes)} before`;
}

/** Each chosen recipient by its label for this action; named users by their names. */
export function recipientLines(setting: Setting): { code: RecipientCode; label: string; names?: string[] }[] {
  const labels = new Map(setting.recipientOptions.map((o) => [o.code, o.label]));
  return setting.recipientList.map((code) => ({
    code,
    label: labels.get(code) ?? code,
    names: code === NAMED_USERS ? setting.users.map((u) => u.fullname) : undefined,
  }));
}
