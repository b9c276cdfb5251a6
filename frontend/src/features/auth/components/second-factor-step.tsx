import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { CodeInput, codeDigits } from '@/components/second-factor';
import { errorMessage } from '@/lib/api/errors';
import type { SecondFactorAnswer } from '../api/auth-api';
import { LOGIN_FAILED } from '../lib/login-error';

/**
 * The sign-in's second step for a user with a second factor: the 6-digit code of their authenticator app, or one of
 * their recovery codes instead; the server's refusals ("That code is not right. 4 tries left.") as they come.
 */
export function SecondFactorStep({
  submitting,
  onVerify,
  onBack,
}: {
  submitting: boolean;
  /** Finishes the sign-in; rejects with the server's refusal. */
  onVerify: (answer: SecondFactorAnswer) => Promise<void>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<{ code?: string; recoveryCode?: string }>();
  const code = Form.useWatch('code', form);
  const recoveryCode = Form.useWatch('recoveryCode', form);
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: { code?: string; recoveryCode?: string }) => {
    setError(null);
    try {
      await onVerify(recovery ? { recoveryCode: (values.recoveryCode ?? '').trim() } : { code: codeDigits(values.code) });
    } catch (e) {
      setError(errorMessage(e, LOGIN_FAILED));
      form.resetFields();
    }
  };
  const ready = recovery ? (recoveryCode ?? '').trim().length >= 10 : codeDigits(code).length === 6;

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
            setRecovery((r) => !r);
            setError(null);
            form.resetFields();
          }}
        >
          {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="link" block onClick={onBack}>
          Back to sign in
        </Button>
      </Form>
    </>
  );
}
