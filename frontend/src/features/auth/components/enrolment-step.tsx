import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { AuthenticatorSetup, CodeInput, RecoveryCodes, codeDigits } from '@/components/second-factor';
import { errorMessage } from '@/lib/api/errors';
import type { SecondFactorEnrolment } from '@/lib/api/types';
import { LOGIN_FAILED } from '../lib/login-error';

/**
 * The sign-in's enrolment for a user whose role requires a second factor: the QR code and key, a code to confirm,
 * then the recovery codes (shown once) before the session opens.
 */
export function EnrolmentStep({
  enrolment,
  username,
  onConfirm,
  onContinue,
  onBack,
}: {
  enrolment: SecondFactorEnrolment;
  username: string;
  /** Turns the factor on and signs in; answers the recovery codes, or rejects with the server's refusal. */
  onConfirm: (code: string) => Promise<string[]>;
  /** The user saved their codes: the session opens. */
  onContinue: () => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const code = Form.useWatch('code', form);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const onFinish = async (values: { code: string }) => {
    setError(null);
    setBusy(true);
    try {
      setRecoveryCodes(await onConfirm(codeDigits(values.code)));
    } catch (e) {
      setError(errorMessage(e, LOGIN_FAILED));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <>
        {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
        <RecoveryCodes codes={recoveryCodes} username={username} />
        <Button
          type="primary"
          block
          size="large"
          loading={busy}
          style={{ marginTop: 20 }}
          onClick={() => {
            setBusy(true);
            void onContinue()
              .catch((e: unknown) => setError(errorMessage(e, LOGIN_FAILED)))
              .finally(() => setBusy(false));
          }}
        >
          I have saved my codes, continue
        </Button>
      </>
    );
  }
  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <AuthenticatorSetup secret={enrolment.secret} qrSvg={enrolment.qrSvg} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item label="Authentication code" name="code">
          <CodeInput />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={codeDigits(code).length !== 6}>
          Turn on and sign in
        </Button>
        <Button type="link" block onClick={onBack} className="sign-in-code__back">
          Back to sign in
        </Button>
      </Form>
    </>
  );
}
