import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { AuthenticatorSetup, CodeInput, RecoveryCodes, codeDigits, useProof, type ProofValues } from '@/components/second-factor';
import { errorMessage } from '@/lib/api/errors';
import type { Enrolment } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { userKeys } from '../api/keys';
import {
  confirmSetup,
  ownSecondFactorQueryOptions,
  renewRecoveryCodes,
  startSetup,
  turnOff,
  type Proof,
} from '../api/second-factor-api';

export const SECOND_FACTOR_TEXT = {
  off: 'After your password, signing in also asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone cannot open your account.',
  required: 'Your role requires two-step sign-in: it cannot be turned off. Lost your phone? Use a recovery code, or ask an administrator to reset it.',
  fewCodes: 'Few recovery codes left: make new ones.',
} as const;

/** A code of the app, or a recovery code instead: what turning off and new recovery codes ask for. */
function ProofForm({ action, busy, onSubmit }: { action: string; busy: boolean; onSubmit: (proof: Proof) => void }) {
  const [form] = Form.useForm<ProofValues>();
  const { recovery, ready, answer, switchLabel, toggle } = useProof(form);
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => onSubmit(answer(v))}>
      {recovery ? (
        <Form.Item label="Recovery code" name="recoveryCode">
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="xxxxx-xxxxx" maxLength={40} />
        </Form.Item>
      ) : (
        <Form.Item label="Code from your authenticator app" name="code">
          <CodeInput autoFocus />
        </Form.Item>
      )}
      <Flex gap={8} wrap justify="space-between">
        <Button type="link" style={{ paddingInline: 0 }} onClick={toggle}>
          {switchLabel}
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!ready}>
          {action}
        </Button>
      </Flex>
    </Form>
  );
}

type Dialog = 'setup' | 'off' | 'renew' | null;

/** The profile's two-step sign-in: set it up (QR, key, a code, then the recovery codes once), make new recovery
 * codes, turn it off. */
export function SecondFactorCard({ username }: { username?: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(ownSecondFactorQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setupForm] = Form.useForm<{ code: string }>();
  const setupCode = Form.useWatch('code', setupForm);

  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.secondFactor });
  const failed = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));
  const open = (which: Dialog) => {
    setError(null);
    setCodes(null);
    setDialog(which);
  };
  const close = () => {
    setDialog(null);
    setEnrolment(null);
    setCodes(null);
    setError(null);
    setupForm.resetFields();
  };

  const start = useMutation({
    mutationFn: startSetup,
    onMutate: () => open('setup'),
    onSuccess: setEnrolment,
    onError: failed('Two-step sign-in could not be set up'),
  });
  const confirm = useMutation({
    mutationFn: confirmSetup,
    onMutate: () => setError(null),
    onSuccess: async ({ recoveryCodes }) => {
      setCodes(recoveryCodes);
      await refresh();
    },
    onError: (e) => {
      failed('Two-step sign-in could not be turned on')(e);
      setupForm.resetFields();
    },
  });
  const off = useMutation({
    mutationFn: turnOff,
    onMutate: () => setError(null),
    onSuccess: async () => {
      close();
      toast.success('Two-step sign-in is off.');
      await refresh();
    },
    onError: failed('Two-step sign-in could not be turned off'),
  });
  const renew = useMutation({
    mutationFn: renewRecoveryCodes,
    onMutate: () => setError(null),
    onSuccess: async ({ recoveryCodes }) => {
      setCodes(recoveryCodes);
      await refresh();
    },
    onError: failed('New recovery codes could not be made'),
  });

  const data = status.data;
  const titles: Record<Exclude<Dialog, null>, string> = {
    setup: codes ? 'Save your recovery codes' : 'Set up two-step sign-in',
    off: 'Turn off two-step sign-in',
    renew: codes ? 'Save your new recovery codes' : 'New recovery codes',
  };

  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined /> Two-step sign-in
        </Flex>
      }
      extra={data && (data.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>)}
      className="second-factor-card"
    >
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : status.isError ? (
        <Alert type="warning" showIcon title={errorMessage(status.error, 'Your two-step sign-in could not be loaded')} />
      ) : data?.enabled ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            On since {formatDate(data.enabledAt)}. {data.recoveryCodesLeft} recovery code
            {data.recoveryCodesLeft === 1 ? '' : 's'} left.
          </Typography.Text>
          {data.recoveryCodesLeft <= 3 && <Alert type="warning" showIcon title={SECOND_FACTOR_TEXT.fewCodes} />}
          {data.requiredByRole && <Alert type="info" showIcon title={SECOND_FACTOR_TEXT.required} />}
          <Flex gap={8} wrap>
            <Button onClick={() => open('renew')}>New recovery codes</Button>
            {!data.requiredByRole && (
              <Button danger onClick={() => open('off')}>
                Turn off
              </Button>
            )}
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text>{SECOND_FACTOR_TEXT.off}</Typography.Text>
          <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
            Set up two-step sign-in
          </Button>
        </Flex>
      )}

      <Modal open={dialog !== null} title={dialog ? titles[dialog] : ''} onCancel={close} footer={null} width={480} destroyOnHidden>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        {codes ? (
          <Flex vertical gap={16}>
            <RecoveryCodes codes={codes} username={username} />
            <Button type="primary" block onClick={close}>
              I have saved my codes
            </Button>
          </Flex>
        ) : dialog === 'setup' ? (
          enrolment ? (
            <>
              <AuthenticatorSetup secret={enrolment.secret} qrSvg={enrolment.qrSvg} />
              <Form form={setupForm} layout="vertical" requiredMark={false} onFinish={(v) => confirm.mutate(codeDigits(v.code))}>
                <Form.Item label="Authentication code" name="code">
                  <CodeInput />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={confirm.isPending} disabled={codeDigits(setupCode).length !== 6}>
                  Turn on
                </Button>
              </Form>
            </>
          ) : (
            !error && <Skeleton active />
          )
        ) : dialog === 'off' ? (
          <ProofForm action="Turn off" busy={off.isPending} onSubmit={(proof) => off.mutate(proof)} />
        ) : (
          dialog === 'renew' && (
            <>
              <Typography.Paragraph type="secondary">Your earlier recovery codes stop working.</Typography.Paragraph>
              <ProofForm action="Make new codes" busy={renew.isPending} onSubmit={(proof) => renew.mutate(proof)} />
            </>
          )
        )}
      </Modal>
    </Card>
  );
}
