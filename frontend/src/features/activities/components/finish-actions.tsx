import { Button, Form, Tooltip, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';

/** A form field's path: ['notes'], ['schedule', 0, 'activity']. */
export type FieldPath = (string | number)[];

const FIELD_LABELS: Record<string, string> = { personInCharge: 'Person in Charge', notes: 'Notes' };
const STEP_LABELS: Record<string, string> = { activity: 'Activity', dateAndTime: 'Date and time', remark: 'Remark' };

export const QUICK_INSTEAD = 'Save a quick note instead';
export const SHOW_MISSING = 'Show';

/** What the Finish hint calls a field: its label ('Next step: Activity'; numbered when there are several steps). */
export function fieldLabel(path: FieldPath, steps: number): string {
  const [field, index, part] = path;
  if (field === 'schedule') {
    const which = steps > 1 ? ` ${Number(index) + 1}` : '';
    return `Next step${which}: ${STEP_LABELS[String(part)] ?? String(part)}`;
  }
  return FIELD_LABELS[String(field)] ?? String(field);
}

/**
 * The fields that keep the form from finishing (required and empty, or not right), checked again on every change
 * without marking them; null until the first check has answered.
 */
export function useFieldProblems(form: FormInstance): FieldPath[] | null {
  const values = Form.useWatch([], form);
  const [problems, setProblems] = useState<FieldPath[] | null>(null);
  useEffect(() => {
    let live = true;
    form
      .validateFields({ validateOnly: true })
      .then(() => live && setProblems([]))
      .catch((error: { errorFields?: { name: FieldPath }[]; outOfDate?: boolean }) => {
        const fields = error.errorFields ?? [];
        // a check a newer one overtook says nothing about the fields: the newer one will
        if (live && !(error.outOfDate && fields.length === 0)) setProblems(fields.map((f) => f.name));
      });
    return () => {
      live = false;
    };
  }, [form, values]);
  return problems;
}

export interface FinishActionsProps {
  form: FormInstance;
  problems: FieldPath[] | null;
  saving: boolean;
  /** The second variant (spec 2 §2.8): nothing is required, so there is no quick note to switch to. */
  quick: boolean;
  onCancel: () => void;
  onFinish: () => void;
  onQuick: () => void;
}

/**
 * Cancel and Finish (disabled until the form is valid, spec 2 §2.8). While it is not, the bar says which fields are
 * missing (and so does Finish's tooltip); Show marks them next to each field and scrolls to the first; a full report
 * may become a quick note instead (notes, activity and schedule optional).
 */
export function FinishActions({ form, problems, saving, quick, onCancel, onFinish, onQuick }: FinishActionsProps) {
  const steps = (form.getFieldValue('schedule') as unknown[] | undefined)?.length ?? 0;
  const missing = [...new Set((problems ?? []).map((path) => fieldLabel(path, steps)))];
  const ready = problems !== null && problems.length === 0;
  const needs = missing.length > 0 ? `To finish, fill in: ${missing.join(', ')}.` : undefined;

  const show = () => {
    void form.validateFields().catch(() => undefined);
    if (problems?.[0]) form.scrollToField(problems[0], { block: 'center' });
  };

  return (
    <div className="activity-grid__actions">
      {needs && (
        <div className="activity-finish__hint" role="status">
          <Typography.Text type="secondary">{needs}</Typography.Text>
          <Button type="link" size="small" onClick={show}>
            {SHOW_MISSING}
          </Button>
          {!quick && (
            <Button type="link" size="small" onClick={onQuick}>
              {QUICK_INSTEAD}
            </Button>
          )}
        </div>
      )}
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Tooltip title={needs}>
        <span className="activity-finish">
          <Button type="primary" disabled={!ready} loading={saving} onClick={onFinish}>
            Finish
          </Button>
        </span>
      </Tooltip>
    </div>
  );
}
