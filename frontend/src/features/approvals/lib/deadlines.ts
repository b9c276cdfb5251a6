import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type DeadlineUnit = Schemas['DeadlineIn']['unit'] & string;
export type EscalateTo = Schemas['DeadlineIn']['escalateTo'] & string;
export type DeadlineOut = Schemas['DeadlineOut'];

/** A layer's deadline as the designer edits it (the server's DeadlineIn, every field set). */
export interface DraftDeadline {
  amount: number;
  unit: DeadlineUnit;
  escalateAfter: number;
  escalateTo: EscalateTo;
  escalateUserId: number | null;
}

/** Day types C and W (spec 2 §4.4), and hours. */
export const UNIT_OPTIONS: Array<{ value: DeadlineUnit; label: string }> = [
  { value: 'HOURS', label: 'Hours' },
  { value: 'C', label: 'Calendar days (C)' },
  { value: 'W', label: 'Working days (W)' },
];

export const ESCALATE_OPTIONS: Array<{ value: EscalateTo; label: string }> = [
  { value: 'NONE', label: 'Nobody (a reminder only)' },
  { value: 'TEAM_LEADER', label: "Requester's team leader" },
  { value: 'USER', label: 'A user' },
];

export function newDeadline(): DraftDeadline {
  return { amount: 2, unit: 'W', escalateAfter: 1, escalateTo: 'TEAM_LEADER', escalateUserId: null };
}

const LONG: Record<DeadlineUnit, [string, string]> = {
  HOURS: ['hour', 'hours'],
  C: ['calendar day', 'calendar days'],
  W: ['working day', 'working days'],
};

/** "2 working days", "1 hour". */
export function longAmount(amount: number, unit: DeadlineUnit): string {
  return `${amount} ${LONG[unit][amount === 1 ? 0 : 1]}`;
}

interface DeadlineLike {
  amount: number;
  unit: DeadlineUnit;
  escalateAfter: number;
  escalateTo: EscalateTo;
  escalateUserName?: string | null;
}

function escalatee(d: DeadlineLike): string {
  if (d.escalateTo === 'TEAM_LEADER') return 'the team leader';
  return d.escalateUserName || 'a user';
}

/**
 * A layer's deadline on its node, in words a person reads (no unit codes): "Due in 2 working days · then the team
 * leader 1 working day later", "Due in 4 hours · then Ratna Wijaya", "Due in 3 calendar days · a reminder".
 */
export function deadlineSummary(d: DeadlineLike): string {
  const head = `Due in ${longAmount(d.amount, d.unit)}`;
  if (d.escalateTo === 'NONE') return `${head} · a reminder`;
  const after = d.escalateAfter > 0 ? ` ${longAmount(d.escalateAfter, d.unit)} later` : '';
  return `${head} · then ${escalatee(d)}${after}`;
}

/** The same in words: "Due in 2 working days; escalated to the requester's team leader 1 working day later." */
export function deadlineSentence(d: DeadlineLike): string {
  const due = `Due in ${longAmount(d.amount, d.unit)}`;
  if (d.escalateTo === 'NONE') return `${due}; the approvers are reminded.`;
  const who = d.escalateTo === 'TEAM_LEADER' ? "the requester's team leader" : escalatee(d);
  const when = d.escalateAfter > 0 ? `${longAmount(d.escalateAfter, d.unit)} later` : 'then';
  return `${due}; escalated to ${who} ${when}.`;
}

/** Why a layer's deadline cannot be saved, in the server's words (workflows/contracts/approval_rules.py). */
export function deadlineErrors(label: string, d: DraftDeadline | null | undefined): string[] {
  if (!d) return [];
  const errors: string[] = [];
  if (!(d.amount >= 1 && d.amount <= 999)) errors.push(`${label}: the deadline must be between 1 and 999.`);
  if (d.escalateTo === 'USER' && d.escalateUserId == null) errors.push(`${label}: choose the user it is escalated to.`);
  if (!(d.escalateAfter >= 0 && d.escalateAfter <= 999)) {
    errors.push(`${label}: the escalation comes 0 to 999 after the deadline.`);
  }
  return errors;
}

/** A draft layer's deadline on its node, with the escalation user's name from the people picked from. */
export function draftDeadlineSummary(d: DraftDeadline, names: ReadonlyMap<number, string>): string {
  return deadlineSummary({ ...d, escalateUserName: d.escalateUserId != null ? names.get(d.escalateUserId) : null });
}
