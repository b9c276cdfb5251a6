import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { CodeInput, codeDigits as digitsOf } from '@/components/second-factor';
import { errorMessage, isApiError } from '@/lib/api/errors';
import type { DeviceVerification } from '@/lib/api/types';
import { resendSignInCode } from '../api/auth-api';
import { LOGIN_FAILED } from '../lib/login-error';

/** Seconds left before another code may be asked for, counting down once a second. */
function useResendWait(initialSeconds: number) {
  const [clock, setClock] = useState(() => ({ until: Date.now() + initialSeconds * 1000, now: Date.now() }));
  useEffect(() => {
    if (clock.now >= clock.until) return undefined;
    const timer = window.setTimeout(() => setClock((c) => ({ ...c, now: Date.now() })), 1000);
    return () => window.clearTimeout(timer);
  }, [clock]);
  const restart = (seconds: number) => setClock({ until: Date.now() + seconds * 1000, now: Date.now() });
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), restart] as const;
}

/**
 * The sign-in's second step when the server asks for a mailed code (a new device while the username is under
 * attack): the code, a new code after a short wait, and the way back to the password.
 */
export function SignInCodeStep({
  verification,
  submitting,
  onVerify,
  onBack,
}: {
  verification: DeviceVerification;
  submitting: boolean;
  /** Finishes the sign-in; rejects with the server's refusal. */
  onVerify: (code: string) => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const code = Form.useWatch('code', form);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [wait, restartWait] = useResendWait(verification.resendAfter);

  const resend = useMutation({
    mutationFn: () => resendSignInCode(verification.challenge),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: (sent) => {
      setNotice(`We sent a new code to ${sent.email}. The earlier code no longer works.`);
      form.resetFields();
      restartWait(sent.resendAfter);
    },
    onError: (e) => {
      setError(errorMessage(e, LOGIN_FAILED));
      const retryAfter = isApiError(e) ? (e.body as { retryAfter?: unknown }).retryAfter : undefined;
      if (typeof retryAfter === 'number') restartWait(retryAfter);
    },
  });

  const onFinish = async (values: { code: string }) => {
    setError(null);
    setNotice(null);
    try {
      await onVerify(digitsOf(values.code));
    } catch (e) {
      setError(errorMessage(e, LOGIN_FAILED));
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      {notice && <Alert type="success" showIcon title={notice} className="auth-card__alert" role="status" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item label="Code" name="code" style={{ marginBottom: 8 }}>
          <CodeInput maxLength={12} autoFocus />
        </Form.Item>
        <div className="sign-in-code__resend">
          <span>Did not get it?</span>
          <Button
            type="link"
            size="small"
            disabled={wait > 0}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {wait > 0 ? `Send a new code in ${wait} s` : 'Send a new code'}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={digitsOf(code).length < 6}>
          Verify and sign in
        </Button>
        <Button type="link" block onClick={onBack} className="sign-in-code__back">
          Back to sign in
        </Button>
      </Form>
    </>
  );
}
