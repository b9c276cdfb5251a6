import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input } from 'antd';
import { showError, showSuccess } from '@/components/dialogs';
import { PasswordFields } from '@/components/password-fields';
import { errorMessage } from '@/lib/api/errors';
import { changeOwnPassword, type ChangeOwnPasswordInput } from '../api/users-api';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

/**
 * The signed-in user's own password change (PUT /users/me/change-password): current password, then the new one and
 * its confirmation with the policy's messages (spec 1 §5). On success the "Success" dialog, then `onDone`; the
 * profile's page and /change-password each say where that goes, and where Back goes.
 */
export function ChangePasswordForm({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const [form] = Form.useForm<ChangeOwnPasswordInput>();
  const change = useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: async () => {
      await showSuccess({ title: 'Success', content: 'Password successfully been changed.' });
      onDone();
    },
    onError: (error) => {
      void showError({ title: 'Change password failed', content: errorMessage(error) });
    },
  });

  return (
    <Form<ChangeOwnPasswordInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => change.mutate(values)}
    >
      <Form.Item label="Current Password" name="oldPassword" rules={[{ required: true, message: CURRENT_PASSWORD_REQUIRED }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <PasswordFields form={form} />
      <Flex gap={12} justify="flex-end">
        <Button onClick={onBack}>Back</Button>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
