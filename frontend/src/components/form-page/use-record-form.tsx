import { Button, type FormInstance } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/dialogs';
import { formMessages } from '@/lib/api/errors';
import { fieldErrors, useFormValid, validatedValues } from '@/lib/form';
import { FormActions } from './form-page';

/** A refused save as the form shows it: a title ("Failed to add 'X'.") and the server's messages. */
export interface RecordFormError {
  title: string;
  messages: string[];
}

export interface RecordFormOptions<TRecord, TValues, TBody> {
  form: FormInstance<TValues>;
  /** The record being edited once it has loaded; undefined while it loads, and when adding. */
  record: TRecord | undefined;
  /** The form's values of the record: filled once, when it first comes (a refetch leaves what the user typed). */
  toValues: (record: TRecord) => Parameters<FormInstance<TValues>['setFieldsValue']>[0];
  /** Where Cancel and a save go back to when the form was opened directly (no page before it). */
  backTo: string;
  /** What Save sends, from the checked values and the record the form was filled from (its version). */
  toBody: (values: TValues, filled: TRecord | undefined) => TBody;
  send: (body: TBody) => Promise<unknown>;
  /** The title of a refusal, e.g. "Failed to add 'X'." */
  failedText: (body: TBody) => string;
  /** The toast of a save, e.g. "'X' has been added successfully." */
  savedText: (body: TBody) => string;
  /** Refetches what the save changed, before going back. */
  refresh: () => Promise<unknown>;
  /** The messages a refusal shows (the server's messages, by default). */
  messages?: (error: unknown) => string[];
  /** A refusal the screen answers its own way: 'saved' when the record was saved after all (the screen said so),
   *  'shown' when the screen showed it (a stale version's Reload); otherwise the form shows it. */
  refusal?: (error: unknown, body: TBody) => 'saved' | 'shown' | undefined;
  /** The fields a 422's field errors are shown under (besides the form's alert). */
  fields?: readonly string[];
}

export interface RecordForm<TRecord> {
  /** Whether the whole form validates now (Save is enabled only then). */
  valid: boolean;
  saving: boolean;
  /** The last refusal, shown above the fields until the form changes (onValuesChange: clearError). */
  error: RecordFormError | null;
  clearError: () => void;
  /** Checks the form, saves, says so and goes back; or shows why not. */
  save: () => Promise<void>;
  /** Back where the user came from, or to `backTo`. */
  goBack: () => void;
  /** Fills the form again from a newer record (a stale save's Reload): its version is the one sent next. */
  refill: (record: TRecord) => void;
}

/** A record's add or edit form: filled once from the record, saved, refusals shown, success toasted, then back. */
export function useRecordForm<TRecord, TValues, TBody>({
  form,
  record,
  toValues,
  backTo,
  toBody,
  send,
  failedText,
  savedText,
  refresh,
  messages = formMessages,
  refusal,
  fields = [],
}: RecordFormOptions<TRecord, TValues, TBody>): RecordForm<TRecord> {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<RecordFormError | null>(null);
  const [saving, setSaving] = useState(false);
  const filled = useRef<TRecord | undefined>(undefined);
  const valid = useFormValid(form);

  useEffect(() => {
    if (record === undefined || filled.current !== undefined) return;
    filled.current = record;
    form.setFieldsValue(toValues(record));
  }, [record, form, toValues]);

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(backTo));

  const done = async () => {
    await refresh();
    setSaving(false);
    goBack();
  };

  const save = async () => {
    setError(null);
    const checked = await validatedValues(form);
    if (!checked) return;
    const body = toBody(checked, filled.current);
    setSaving(true);
    try {
      await send(body);
    } catch (refused) {
      const answered = refusal?.(refused, body);
      if (answered === 'saved') {
        await done();
        return;
      }
      if (answered !== 'shown') {
        const shown = messages(refused);
        setError({ title: failedText(body), messages: shown });
        toast.error(failedText(body), shown.join(' '));
        const named = fieldErrors(refused, fields);
        if (named.length > 0) form.setFields(named as Parameters<FormInstance<TValues>['setFields']>[0]);
      }
      setSaving(false);
      return;
    }
    toast.success(savedText(body));
    await done();
  };

  const refill = (next: TRecord) => {
    filled.current = next;
    form.setFieldsValue(toValues(next));
  };

  return { valid, saving, error, clearError: () => setError(null), save, goBack, refill };
}

/** The buttons under a record's form: Cancel (Back when read only), then Save while it validates. */
export function RecordFormActions({
  record,
  readOnly = false,
  saveLabel = 'Save',
  children,
}: {
  record: Pick<RecordForm<unknown>, 'valid' | 'saving' | 'save' | 'goBack'>;
  readOnly?: boolean;
  saveLabel?: ReactNode;
  /** Before Cancel: another action (Remove). */
  children?: ReactNode;
}) {
  return (
    <FormActions>
      {children}
      <Button onClick={record.goBack} disabled={record.saving && !readOnly}>
        {readOnly ? 'Back' : 'Cancel'}
      </Button>
      {!readOnly && (
        <Button
          type="primary"
          disabled={!record.valid || record.saving}
          loading={record.saving}
          onClick={() => void record.save()}
        >
          {saveLabel}
        </Button>
      )}
    </FormActions>
  );
}
