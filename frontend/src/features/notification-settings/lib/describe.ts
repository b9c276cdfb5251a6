import type { Channel, RecipientCode, Setting } from '../api/settings-api';

export const CHANNEL_LABELS: Record<Channel, string> = { IN_APP: 'In-app', EMAIL: 'E-mail' };
export const CHANNELS = Object.keys(CHANNEL_LABELS) as Channel[];
/** The recipient that needs users named in the setting. */
export const NAMED_USERS: RecipientCode = 'USERS';
/** The reminder whose moments are fixed (the board's 30 and 90 day badges), not a lead time. */
export const LEAD_NOT_CONTACTED = 'LEAD_NOT_CONTACTED';
export const LEAD_NOT_CONTACTED_NOTE =
  'Sent when an ongoing lead reaches 30 and 90 days without contact (the card badges), once each.';
/** The lead time an administrator may set, in minutes (a schedule's reminder: 5 minutes to a week). */
export const LEAD_MINUTES_RANGE = { min: 5, max: 7 * 24 * 60 } as const;
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
export function leadTimeText(setting: Pick<Setting, 'action' | 'hasLeadTime' | 'leadMinutes'>): string | null {
  if (setting.action === LEAD_NOT_CONTACTED) return 'At 30 and 90 days';
  if (!setting.hasLeadTime || setting.leadMinutes === null) return null;
  return `${formatMinutes(setting.leadMinutes)} before`;
}

/** Each chosen recipient by its label for this action; named users by their names. */
export function recipientLines(setting: Setting): { code: RecipientCode; label: string; names?: string[] }[] {
  const labels = new Map(setting.recipientOptions.map((o) => [o.code, o.label]));
  return setting.recipients.map((code) => ({
    code,
    label: labels.get(code) ?? code,
    names: code === NAMED_USERS ? setting.users.map((u) => u.fullname) : undefined,
  }));
}
