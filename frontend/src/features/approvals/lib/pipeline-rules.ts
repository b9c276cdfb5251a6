import type { ApprovalMode, Pipeline, PipelineActionType, PipelineIn } from '../api/types';
import { conditionErrors, conditionIn, draftCondition, type DraftCondition } from './conditions';
import { deadlineErrors, type DraftDeadline } from './deadlines';

/** One layer as the designer edits it; `key` identifies its node while the order changes. */
export interface DraftLayer {
  key: string;
  name: string;
  mode: ApprovalMode;
  minApprovals: number;
  approvers: number[];
  /** When its approvers are reminded and it is escalated; none by default. */
  deadline?: DraftDeadline | null;
  /** The layer applies to a request only when all of them hold; none: always. */
  conditions?: DraftCondition[];
}

export interface DraftPipeline {
  id?: number;
  /** The version the designer opened: sent back with the save (a save over a newer one is refused). */
  version?: number;
  name: string;
  pipelineActionType: PipelineActionType;
  salesPersons: number[];
  layers: DraftLayer[];
}

let nextKey = 0;
export function newLayerKey(): string {
  nextKey += 1;
  return `layer-${Date.now().toString(36)}-${nextKey}`;
}

export function newLayer(): DraftLayer {
  return { key: newLayerKey(), name: '', mode: 'ANY_USER', minApprovals: 1, approvers: [], conditions: [] };
}

export function draftFromPipeline(pipeline: Pipeline): DraftPipeline {
  return {
    id: pipeline.id,
    version: pipeline.version,
    name: pipeline.name,
    pipelineActionType: pipeline.pipelineActionType as PipelineActionType,
    salesPersons: pipeline.salesPersons.map((p) => p.id),
    layers: pipeline.layers.map((layer) => ({
      key: newLayerKey(),
      name: layer.name,
      mode: layer.mode,
      minApprovals: layer.minApprovals,
      approvers: layer.approvers.map((a) => a.id),
      deadline: layer.deadline
        ? {
            amount: layer.deadline.amount,
            unit: layer.deadline.unit,
            escalateAfter: layer.deadline.escalateAfter,
            escalateTo: layer.deadline.escalateTo,
            escalateUserId: layer.deadline.escalateUserId ?? null,
          }
        : null,
      conditions: (layer.conditions ?? []).map(draftCondition),
    })),
  };
}

/** The body of POST/PUT: layers in the designer's order. */
export function toPipelineIn(draft: DraftPipeline): PipelineIn {
  return {
    ...(draft.id ? { id: draft.id, version: draft.version } : {}),
    name: draft.name.trim(),
    pipelineActionType: draft.pipelineActionType,
    salesPersons: draft.salesPersons,
    layers: draft.layers.map((layer) => ({
      name: layer.name.trim(),
      mode: layer.mode,
      minApprovals: layer.mode === 'SEVERAL_USER' ? layer.minApprovals : 1,
      approvers: layer.approvers,
      conditions: (layer.conditions ?? []).map(conditionIn),
      ...(layer.deadline
        ? {
            deadline: {
              ...layer.deadline,
              escalateUserId: layer.deadline.escalateTo === 'USER' ? layer.deadline.escalateUserId : null,
            },
          }
        : {}),
    })),
  };
}

/** Why a pipeline cannot be saved, in the server's words (empty when it can). */
export function validatePipeline(draft: DraftPipeline): string[] {
  const errors: string[] = [];
  if (!draft.name.trim()) errors.push('Please enter the pipeline name.');
  if (draft.layers.length === 0) errors.push('A pipeline needs at least one layer.');
  draft.layers.forEach((layer, i) => {
    const n = i + 1;
    const label = `Layer ${n} (${layer.name.trim() || 'unnamed'})`;
    if (!layer.name.trim()) errors.push(`Layer ${n} needs a name.`);
    if (layer.approvers.length === 0) errors.push(`${label} needs at least one approver.`);
    if (new Set(layer.approvers).size !== layer.approvers.length) errors.push(`${label} lists an approver twice.`);
    if (
      layer.mode === 'SEVERAL_USER' &&
      !(layer.minApprovals >= 1 && layer.minApprovals <= layer.approvers.length)
    ) {
      errors.push(
        `${label}: the minimum of approvals must be between 1 and its ${layer.approvers.length} approver(s).`,
      );
    }
    errors.push(...deadlineErrors(label, layer.deadline));
    errors.push(...conditionErrors(label, layer.conditions));
  });
  return errors;
}

/** Orders layers by the x position of their nodes (after a drag); unknown keys keep their place. */
export function orderByX<T extends { key: string }>(layers: T[], xOf: (key: string, index: number) => number): T[] {
  return layers
    .map((layer, index) => ({ layer, index, x: xOf(layer.key, index) }))
    .sort((a, b) => a.x - b.x || a.index - b.index)
    .map((entry) => entry.layer);
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function moveItem<T>(items: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
