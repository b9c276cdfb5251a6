/**
 * A layer's conditions as the designer edits them (the server's ConditionIn and ConditionOut): which facts a
 * condition compares, their operators and labels, and how a condition reads on its node ("GP >= 1 B"). Whether
 * conditions can hold together is the server's to say (workflows/contracts/approval_routes.py).
 */
import type { components } from '@/lib/api/schema';
import type { PipelineActionType } from '../api/types';

type Schemas = components['schemas'];
export type ConditionFact = Schemas['ConditionIn']['fact'];
export type ConditionOp = Schemas['ConditionIn']['op'];
export type ConditionIn = Schemas['ConditionIn'];
export type ConditionOut = Schemas['ConditionOut'];
export type ChoiceId = number | string;

/** One condition as the designer edits it; `names` say what the chosen ids are called, in the same order. */
export interface DraftCondition {
  key: string;
  fact: ConditionFact;
  op: ConditionOp;
  amount: number | null;
  ids: ChoiceId[];
  names: string[];
}

/** At most this many conditions on a layer (the server's MAX_CONDITIONS). */
export const MAX_CONDITIONS = 10;
export const ALL_MUST_HOLD = 'All conditions must hold for this layer to apply.';
export const NO_CONDITIONS_HINT = 'Without conditions the layer applies to every request.';

export const AMOUNT_FACTS: readonly ConditionFact[] = ['GP', 'GP_MARGIN', 'SHEET_TOTAL'];
export const isAmountFact = (fact: ConditionFact) => AMOUNT_FACTS.includes(fact);

/** How the server names each fact in its texts and messages ("a GP margin condition ..."). */
const FACT_TEXT: Record<ConditionFact, string> = {
  GP: 'GP',
  GP_MARGIN: 'GP margin',
  SHEET_TOTAL: 'cost sheet total',
  SERVICE_CATEGORY: 'service category',
  PROJECT_TYPE: 'project type',
  CLIENT: 'client',
  TARGET_STAGE: 'target stage',
  TARGET_STATUS: 'target status',
  TEAM: 'team',
};

/** The facts the select offers, in its words. */
export const FACT_LABELS: Record<ConditionFact, string> = {
  GP: 'GP',
  GP_MARGIN: 'GP margin',
  SHEET_TOTAL: 'Cost sheet total',
  SERVICE_CATEGORY: 'Service category',
  PROJECT_TYPE: 'Project type',
  CLIENT: 'Client',
  TARGET_STAGE: 'Target stage',
  TARGET_STATUS: 'Target status',
  TEAM: 'Team (its leader)',
};

/**
 * The facts a pipeline's requests carry: a target stage only on a stage change, a target status only on a lead's
 * hold, drop or close (a cost sheet asks for neither). A fact already chosen stays offered.
 */
export function factsFor(actionType: PipelineActionType): ConditionFact[] {
  const common: ConditionFact[] = ['GP', 'GP_MARGIN', 'SHEET_TOTAL', 'SERVICE_CATEGORY', 'PROJECT_TYPE', 'CLIENT', 'TEAM'];
  if (actionType === 'CHANGE_LEAD_STAGE') return [...common, 'TARGET_STAGE'];
  if (actionType === 'PCS') return common;
  return [...common, 'TARGET_STATUS'];
}

export const AMOUNT_OPS: Array<{ value: ConditionOp; label: string }> = [
  { value: '>=', label: '≥ at least' },
  { value: '>', label: '> more than' },
  { value: '<', label: '< less than' },
  { value: '<=', label: '≤ at most' },
];
export const CHOICE_OPS: Array<{ value: ConditionOp; label: string }> = [
  { value: 'IN', label: 'is one of' },
  { value: 'NOT_IN', label: 'is none of' },
];

export const opsFor = (fact: ConditionFact) => (isAmountFact(fact) ? AMOUNT_OPS : CHOICE_OPS);

/** An operator as its narrow select shows it once chosen (its list says more: "≥ at least"). */
export const OP_SHORT: Record<ConditionOp, string> = {
  '>=': 'at least',
  '>': 'over',
  '<': 'under',
  '<=': 'at most',
  IN: 'one of',
  NOT_IN: 'none of',
};

/** What a hold, drop or close asks the lead's status to become (the TARGET_STATUS choices). */
export const TARGET_STATUSES: Array<{ value: string; label: string }> = [
  { value: 'HOLD', label: 'On Hold' },
  { value: 'DROPPED', label: 'Dropped' },
  { value: 'CLOSED', label: 'Closed' },
];

let nextKey = 0;
function conditionKey(): string {
  nextKey += 1;
  return `condition-${nextKey}`;
}

/** A new row of the rule builder: GP at least an amount still to type. */
export function newCondition(): DraftCondition {
  return { key: conditionKey(), fact: 'GP', op: '>=', amount: null, ids: [], names: [] };
}

/** The same row on another fact: its operator and value start again (an amount is no choice, nor the reverse). */
export function withFact(condition: DraftCondition, fact: ConditionFact): DraftCondition {
  return { ...condition, fact, op: opsFor(fact)[0].value, amount: null, ids: [], names: [] };
}

export function draftCondition(condition: ConditionOut): DraftCondition {
  return {
    key: conditionKey(),
    fact: condition.fact,
    op: condition.op,
    amount: condition.amount ?? null,
    ids: condition.ids ?? [],
    names: condition.names ?? [],
  };
}

/** The body of a condition: an amount fact sends its amount, a choice fact its ids. */
export function conditionIn(condition: DraftCondition): ConditionIn {
  return isAmountFact(condition.fact)
    ? { fact: condition.fact, op: condition.op, amount: condition.amount }
    : { fact: condition.fact, op: condition.op, ids: condition.ids };
}

/** Why a layer's conditions cannot be sent yet, in the server's words (a row without its amount or its choices). */
export function conditionErrors(label: string, conditions: readonly DraftCondition[] | undefined): string[] {
  return (conditions ?? []).flatMap((c) => {
    if (isAmountFact(c.fact) && c.amount === null) {
      return [`${label}: a ${FACT_TEXT[c.fact]} condition compares with an amount (>=, >, <, <=).`];
    }
    if (!isAmountFact(c.fact) && c.ids.length === 0) {
      return [`${label}: a ${FACT_TEXT[c.fact]} condition names at least one choice.`];
    }
    return [];
  });
}

/** A number without trailing zeroes, to two decimals: 1.25, 1, 800. */
const plain = (value: number) => String(Number(value.toFixed(2)));

/** Rupiah as the server's texts write them: "800 M", "1 B", "1.25 B", "950 K". */
export function shortAmount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const rest = Math.abs(value);
  for (const [size, unit] of [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ] as const) {
    if (rest >= size) return `${sign}${plain(rest / size)} ${unit}`;
  }
  return `${sign}${plain(rest)}`;
}

function listed(condition: Pick<DraftCondition, 'ids' | 'names'>): string {
  const names = condition.names.length === condition.ids.length ? condition.names : condition.ids.map(String);
  return names.length <= 3 ? names.join(' or ') : `${names.slice(0, 3).join(', ')} or ${names.length - 3} more`;
}

/**
 * A condition as its node shows it, in the words the server gives a saved one ("GP >= 1 B", "GP margin < 12.5 %",
 * "client in PT Maju or PT Sinar"), so a node reads the same before and after a save.
 */
export function conditionText(condition: Omit<DraftCondition, 'key'>): string {
  const label = FACT_TEXT[condition.fact];
  if (isAmountFact(condition.fact)) {
    const amount = condition.amount ?? 0;
    const shown = condition.fact === 'GP_MARGIN' ? `${plain(amount)} %` : shortAmount(amount);
    return `${label} ${condition.op} ${condition.amount === null ? '…' : shown}`;
  }
  return `${label} ${condition.op === 'IN' ? 'in' : 'not in'} ${condition.ids.length ? listed(condition) : '…'}`;
}
