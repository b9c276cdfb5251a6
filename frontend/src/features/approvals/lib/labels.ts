import type { ApprovalMode, LeadCard, PipelineActionType } from '../api/types';

/** What the server says when it received a decision but could not confirm it in time (a 202). */
export const DECISION_RECEIVED = 'Your decision was received and will be applied shortly.';
/** Shown on a timeline whose workflow flagged it for operations. */
export const NEEDS_ATTENTION =
  'This request needs attention from operations; it is kept and will be applied.';

/** Readable names of request and pipeline action types. */
export const REQUEST_TYPE_LABELS: Record<string, string> = {
  CHANGE_LEAD_STAGE: 'Change Lead Stage',
  HOLD_LEAD: 'Hold Lead',
  DROP_LEAD: 'Drop Lead',
  CLOSE_LEAD: 'Close Lead',
  PCS: 'Project Cost Sheet',
};

export function requestTypeLabel(type: string | null | undefined): string {
  if (!type) return '-';
  return REQUEST_TYPE_LABELS[type] ?? type.replace(/_/g, ' ').toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
}

export const LEAD_ACTION_TYPES: PipelineActionType[] = ['CHANGE_LEAD_STAGE', 'HOLD_LEAD', 'DROP_LEAD', 'CLOSE_LEAD'];

/** Approval modes (spec 2 §4.4, spec 3 §3). */
export const MODE_LABELS: Record<ApprovalMode, string> = {
  ANY_USER: 'Any User',
  ANY_ORDER: 'Any Order',
  IN_SEQUENCE: 'In Sequence',
  SEVERAL_USER: 'Several User',
};

export const MODE_OPTIONS = (Object.keys(MODE_LABELS) as ApprovalMode[]).map((value) => ({
  value,
  label: MODE_LABELS[value],
}));

/** What a mode asks of a layer's approvers, shown under the mode in the designer. */
export const MODE_HINTS: Record<ApprovalMode, string> = {
  ANY_USER: 'One approval from any approver settles the layer.',
  ANY_ORDER: 'Every approver decides, in any order.',
  IN_SEQUENCE: 'Every approver decides, one after another in the order below.',
  SEVERAL_USER: 'The layer passes after the minimum number of approvals.',
};

/** A lead in a lead picker: "Core Banking (Bank Nusa) · Andi Pratama". */
export function leadOptionLabel(lead: Pick<LeadCard, 'projectName' | 'clientName' | 'salesFullname'>): string {
  return `${lead.projectName} (${lead.clientName ?? '-'}) · ${lead.salesFullname ?? ''}`;
}
