import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { codeDigits } from './code-input';

/** A form that takes a code of the authenticator app, or one of the recovery codes instead. */
export interface ProofValues {
  code?: string;
  recoveryCode?: string;
}
/** What the server is sent: the code, or the recovery code. */
export type ProofAnswer = { code: string } | { recoveryCode: string };

export const USE_RECOVERY_CODE = 'Use a recovery code instead';
export const USE_APP_CODE = 'Use a code from your app instead';

/** The code-or-recovery-code choice of a form (the sign-in's second step, turning off, new recovery codes): which
 *  one is asked, whether it is complete, the answer to send, and the switch between the two (which empties them). */
export function useProof(form: FormInstance<ProofValues>) {
  const code = Form.useWatch('code', form);
  const recoveryCode = Form.useWatch('recoveryCode', form);
  const [recovery, setRecovery] = useState(false);
  return {
    recovery,
    ready: recovery ? (recoveryCode ?? '').trim().length >= 10 : codeDigits(code).length === 6,
    answer: (values: ProofValues): ProofAnswer =>
      recovery ? { recoveryCode: (values.recoveryCode ?? '').trim() } : { code: codeDigits(values.code) },
    switchLabel: recovery ? USE_APP_CODE : USE_RECOVERY_CODE,
    toggle: () => {
      setRecovery((r) => !r);
      form.resetFields();
    },
  };
}
