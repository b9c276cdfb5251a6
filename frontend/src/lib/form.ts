import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';

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
