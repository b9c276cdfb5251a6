import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api/errors';

/** Whether the whole form validates now, checked again on every change (enables Next or Finish). */
export function useFormValid(form: FormInstance): boolean {
  const [valid, setValid] = useState(false);
  const values = Form.useWatch([], form);
  useEffect(() => {
    let live = true;
    form
      .validateFields({ validateOnly: true })
      .then(() => live && setValid(true))
      .catch(() => live && setValid(false));
    return () => {
      live = false;
    };
  }, [form, values]);
  return valid;
}

/**
 * Validates the form and answers its values, or null when a field fails. A check that a newer one
 * overtook (useFormValid checks on every change) reports `outOfDate` with no failed field: its
 * values are still good.
 */
export async function validatedValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    const info = error as { outOfDate?: boolean; errorFields?: unknown[]; values?: T };
    return info.outOfDate && (info.errorFields ?? []).length === 0 && info.values ? info.values : null;
  }
}

/** One field's error from the server, as antd's setFields takes it. */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * The field errors of a refused save (a 422's `fields`: [{field: 'schedule.0.remark', message}]) that fall on the
 * form's own fields (`known`: top-level names), as `form.setFields` takes them; none for any other refusal.
 */
export function fieldErrors(error: unknown, known: readonly string[]): FieldError[] {
  const fields = isApiError(error) ? (error.body as { fields?: unknown } | undefined)?.fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter((f): f is { field: string; message: string } => typeof f?.field === 'string' && typeof f?.message === 'string')
    .map((f) => ({
      name: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [f.message],
    }))
    .filter((f) => known.includes(String(f.name[0])));
}
