import { CheckCircleFilled, CloseCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Select, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import './stage-target.css';

/**
 * A stage as the target of one lead's move, as the server answers it (GET /leads/{id}/stage-options):
 * whether the move is allowed and why not, whether it needs an approved request, and what the stage
 * requires. The server owns these rules; this widget only shows them.
 */
export interface StageTarget {
  id: number;
  stageName: string;
  stageDescription: string;
  isCurrent?: boolean;
  allowed?: boolean;
  reason?: string | null;
  needsApproval: boolean;
  requiredFields: Array<{ field: string; label: string; filled?: boolean }>;
  /** The labels of what the move lacks, as the reason words them. */
  missingFields?: string[];
  /** The same fields by code: this stage's, or a stage's on the way. */
  lackingFields?: Array<{ field: string; label: string }>;
}

/** 'E4 Proposal'. */
export const targetLabel = (stage: Pick<StageTarget, 'stageName' | 'stageDescription'>) =>
  `${stage.stageName} ${stage.stageDescription}`.trim();

export const NEEDS_APPROVAL = 'Needs approval';

export interface StageTargetSelectProps {
  stages: StageTarget[];
  value?: number;
  onChange?: (stageId: number) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  /** Whether a stage may be chosen; the server's `allowed` by default. */
  selectable?: (stage: StageTarget) => boolean;
  /** Whether the lead's current stage is offered (to keep it, in the edit form). */
  showCurrent?: boolean;
  style?: CSSProperties;
  id?: string;
}

/**
 * The stages a lead may be moved to, in the server's order: the ones that need approval are marked, the
 * ones it may not move to are shown disabled with the server's reason.
 */
export function StageTargetSelect({
  stages,
  selectable = (s) => Boolean(s.allowed),
  showCurrent = false,
  placeholder = 'Choose a stage',
  ...props
}: StageTargetSelectProps) {
  const shown = stages.filter((s) => showCurrent || !s.isCurrent);
  return (
    <Select<number>
      {...props}
      placeholder={placeholder}
      options={shown.map((s) => ({
        value: s.id,
        label: targetLabel(s),
        disabled: !(s.isCurrent && showCurrent) && !selectable(s),
        stage: s,
      }))}
      optionRender={(option) => {
        const stage = (option.data as { stage: StageTarget }).stage;
        const off = Boolean(option.data.disabled);
        return (
          <div className="stage-target-option" data-stage={stage.stageName}>
            <div className="stage-target-option__head">
              <span className="stage-target-option__name">{targetLabel(stage)}</span>
              {stage.isCurrent && <Tag className="stage-target-option__tag">Current</Tag>}
              {stage.needsApproval && !stage.isCurrent && (
                <Tag color="gold" className="stage-target-option__tag">
                  {NEEDS_APPROVAL}
                </Tag>
              )}
            </div>
            {off && !stage.isCurrent && stage.reason && (
              <div className="stage-target-option__reason">{stage.reason}</div>
            )}
          </div>
        );
      }}
    />
  );
}

/**
 * What a stage requires: each field with whether the lead has it, missing ones highlighted. A field the move
 * lacks that a stage on the way requires (the server's lackingFields) is listed too.
 */
export function StageRequirements({ stage, title }: { stage: StageTarget; title?: string }) {
  const own = new Set(stage.requiredFields.map((f) => f.field));
  const lacking = new Set((stage.lackingFields ?? []).map((f) => f.field));
  const fields = [
    ...stage.requiredFields,
    ...(stage.lackingFields ?? [])
      .filter((f) => !own.has(f.field))
      .map((f) => ({ field: f.field, label: `${f.label} (a stage on the way)`, filled: false })),
  ];
  return (
    <div className="stage-requirements" data-testid="stage-requirements">
      <Typography.Text strong>{title ?? `${targetLabel(stage)} requires`}</Typography.Text>
      {fields.length === 0 ? (
        <div>
          <Typography.Text type="secondary">No fields.</Typography.Text>
        </div>
      ) : (
        <ul className="stage-requirements__list">
          {fields.map((f) => {
            const missing = f.filled === false || lacking.has(f.field);
            // Without a lead (the create form) whether a field is filled is not known.
            const known = missing || f.filled === true;
            const state = missing ? 'missing' : known ? 'filled' : undefined;
            return (
              <li
                key={f.field}
                className={`stage-requirements__item${missing ? ' is-missing' : ''}${known ? '' : ' is-unknown'}`}
                data-field={f.field}
                data-filled={known ? String(!missing) : undefined}
              >
                {missing ? (
                  <CloseCircleFilled aria-hidden />
                ) : known ? (
                  <CheckCircleFilled aria-hidden />
                ) : (
                  <MinusCircleOutlined aria-hidden />
                )}
                <span className="stage-requirements__label">{f.label}</span>
                {state && <span className="stage-requirements__state">{state}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
