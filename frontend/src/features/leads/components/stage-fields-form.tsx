import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { leadKeys } from '../api/keys';
import { updateLead } from '../api/leads-api';
import type { LeadDetail, LeadStageOption, LeadUpdate, LeadUploads } from '../api/types';
import { FIELD_EDITORS, isFileField, ReadOnlyField, StageFileInput } from './stage-fields';

export const FIELDS_SAVED = 'Lead has been updated successfully.';
export const NOTHING_TO_SAVE = 'Nothing has changed.';

interface Row {
  field: string;
  label: string;
  filled: boolean;
  /** The stage on the way that requires it, when it is not this stage. */
  from?: LeadStageOption;
}

/**
 * The rows of a stage page: what the stage requires (the server's list, with whether the lead has each), and
 * any field the move still lacks that a stage on the way requires (the server's lackingFields, by code, with
 * the first stage that requires it).
 */
export function stageFieldRows(stage: LeadStageOption, stages: LeadStageOption[]): Row[] {
  const rows: Row[] = stage.requiredFields.map((f) => ({ field: f.field, label: f.label, filled: f.filled }));
  for (const { field, label } of stage.lackingFields) {
    if (rows.some((r) => r.field === field)) continue;
    const from = stages.find((other) => other.requiredFields.some((f) => f.field === field));
    rows.push({ field, label, filled: false, from });
  }
  return rows;
}

/** A stage page's requirements, each with the lead's current value and an input to fill it in place. */
export function StageFieldsForm({
  lead,
  stage,
  stages,
  canEdit,
}: {
  lead: LeadDetail;
  stage: LeadStageOption;
  stages: LeadStageOption[];
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [uploads, setUploads] = useState<LeadUploads>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = stageFieldRows(stage, stages);
  const editable = rows.filter((r) => FIELD_EDITORS[r.field] || isFileField(r.field));
  const initial = Object.fromEntries(
    rows.filter((r) => FIELD_EDITORS[r.field]).map((r) => [r.field, FIELD_EDITORS[r.field].initial(lead)]),
  );

  const save = async () => {
    setError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    // Only what was changed here: the lead's other fields are left as they are.
    const body: LeadUpdate = {};
    for (const row of rows) {
      const editor = FIELD_EDITORS[row.field];
      if (editor && form.isFieldTouched(row.field)) Object.assign(body, editor.toUpdate(form.getFieldValue(row.field), lead));
    }
    const files = Object.fromEntries(Object.entries(uploads).filter(([, f]) => f)) as LeadUploads;
    if (Object.keys(body).length === 0 && Object.keys(files).length === 0) {
      toast.info(NOTHING_TO_SAVE);
      return;
    }
    setSaving(true);
    try {
      await updateLead(lead.id, body, files);
      setUploads({});
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      toast.success(FIELDS_SAVED);
    } catch (e) {
      setError(errorMessage(e, 'The lead could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  if (rows.length === 0) {
    return <Typography.Text type="secondary">{`${stage.stageName} ${stage.stageDescription} requires no fields.`}</Typography.Text>;
  }
  return (
    // A new lead version (after a save) starts the form again from what the server has.
    <Form key={lead.updatedAt} form={form} layout="vertical" initialValues={initial} disabled={!canEdit || saving}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {rows.map((row) => {
        const editor = FIELD_EDITORS[row.field];
        return (
          <div key={row.field} className={`stage-field${row.filled ? '' : ' is-missing'}`} data-field={row.field}>
            <div className="stage-field__head">
              <Typography.Text strong className="stage-field__label">
                {row.label}
              </Typography.Text>
              <Tag color={row.filled ? 'green' : 'red'}>{row.filled ? 'Filled' : 'Missing'}</Tag>
              {row.from && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  required by {row.from.stageName} {row.from.stageDescription} on the way
                </Typography.Text>
              )}
            </div>
            {editor ? (
              <Form.Item name={row.field}>{editor.input({ lead, label: row.label })}</Form.Item>
            ) : isFileField(row.field) ? (
              <StageFileInput
                kind={row.field}
                label={row.label}
                stored={lead[row.field]}
                chosen={uploads[row.field]}
                onChoose={(file) => setUploads((u) => ({ ...u, [row.field]: file }))}
              />
            ) : (
              <ReadOnlyField field={row.field} leadId={lead.id} lead={lead} />
            )}
          </div>
        );
      })}
      {canEdit && editable.length > 0 && (
        <div className="stage-page__actions">
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Save fields
          </Button>
        </div>
      )}
    </Form>
  );
}
