import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { CodeInput, useProof, type ProofValues } from '@/components/second-factor';
import { errorMessage } from '@/lib/api/errors';
import type { SecondFactorAnswer } from '../api/auth-api';
import { LOGIN_FAILED } from '../lib/login-error';

/** The sign-in's prompt once the person chose a recovery code over the app's code. */
export const RECOVERY_PROMPT = 'Enter one of the recovery codes you saved when you set up your second factor.';

/**
 * The sign-in's second step for a user with a second factor: the 6-digit code of their authenticator app, or one of
 * their recovery codes instead; the server's refusals ("That code is not right. 4 tries left.") as they come.
 */
export function SecondFactorStep({
  submitting,
  onVerify,
  onBack,
  onRecoveryChange,
}: {
  submitting: boolean;
  /** Finishes the sign-in; rejects with the server's refusal. */
  onVerify: (answer: SecondFactorAnswer) => Promise<void>;
  onBack: () => void;
  /** Told when the person switches between the app's code and a recovery code (the page's prompt follows). */
  onRecoveryChange?: (recovery: boolean) => void;
}) {
  const [form] = Form.useForm<ProofValues>();
  const { recovery, ready, answer, switchLabel, toggle } = useProof(form);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: ProofValues) => {
    setError(null);
    try {
      await onVerify(answer(values));
    } catch (e) {
      setError(errorMessage(e, LOGIN_FAILED));
      form.resetFields();
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        {recovery ? (
          <Form.Item label="Recovery code" name="recoveryCode" extra="One of the codes you saved when you set up your second factor. Each works once.">
            <Input prefix={<KeyOutlined />} autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus placeholder="xxxxx-xxxxx" maxLength={40} />
          </Form.Item>
        ) : (
          <Form.Item label="Authentication code" name="code">
            <CodeInput autoFocus />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={!ready}>
          Verify and sign in
        </Button>
        <Button
          type="link"
          block
          className="sign-in-code__back"
          onClick={() => {
            toggle();
            onRecoveryChange?.(!recovery);
            setError(null);
          }}
        >
          {switchLabel}
        </Button>
        <Button type="link" block onClick={onBack}>
          Back to sign in
        </Button>
      </Form>
    </>
  );
}
