import type { BoardStatus } from '../api/leads-api';
import type { LeadStatus, SubscriptionType } from '../api/types';

export const ALL_STAGES_LABEL = 'All Stages';
/** A board column scrolls when it holds more than 5 leads (spec §9). */
export const COLUMN_SCROLL_THRESHOLD = 5;
/** Board search waits 500 ms after the last key (spec §9). */
export const SEARCH_DEBOUNCE_MS = 500;

export const STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'New',
  WAITING: 'Waiting',
  HOLD: 'On Hold',
  DROPPED: 'Dropped',
  CLOSED: 'Closed',
};

export const STATUS_COLORS: Record<LeadStatus, string> = {
  NEW: 'blue',
  WAITING: 'gold',
  HOLD: 'orange',
  DROPPED: 'red',
  CLOSED: 'green',
};

export const DEFAULT_BOARD_STATUS: BoardStatus = 'ONGOING';

/** The status filter: ON GOING (NEW and WAITING) first and by default. */
export const BOARD_STATUS_OPTIONS: Array<{ value: BoardStatus; label: string }> = [
  { value: 'ONGOING', label: 'On Going' },
  { value: 'HOLD', label: 'On Hold' },
  { value: 'DROPPED', label: 'Dropped' },
  { value: 'CLOSED', label: 'Closed' },
];

/** A status the board's toggle offers (an address may carry anything). */
export function isBoardStatus(value: string): value is BoardStatus {
  return BOARD_STATUS_OPTIONS.some((option) => option.value === value);
}

export const SUBSCRIPTION_OPTIONS: Array<{ value: SubscriptionType; label: string }> = [
  { value: 'ONE_TIME', label: 'One Time' },
  { value: 'RECURRING', label: 'Recurring' },
];

export function subscriptionLabel(value: string | null | undefined): string {
  return SUBSCRIPTION_OPTIONS.find((o) => o.value === value)?.label ?? value ?? '-';
}

/** 'E1 Found'. */
export function stageLabel(name: string, description?: string | null): string {
  return description ? `${name} ${description}` : name;
}

/** Gross profit margin in percent: GP / revenue (spec §9); null without revenue. */
export function grossProfitMargin(revenue: number | null | undefined, gp: number | null | undefined): number | null {
  if (!revenue || gp === null || gp === undefined) return null;
  return (gp / revenue) * 100;
}
