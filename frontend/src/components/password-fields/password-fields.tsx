import { Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { validateConfirmPassword, validateNewPassword } from '@/lib/password-policy';

/** New Password and Confirm New Password with the policy's exact messages (spec §5). */
export function PasswordFields({
  form,
  newLabel = 'New Password',
  confirmLabel = 'Confirm New Password',
}: {
  form: FormInstance;
  newLabel?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <Form.Item
        label={newLabel}
        name="newPassword"
        required
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = validateNewPassword(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
        extra="12–20 characters: at least 2 uppercase, 2 lowercase, 2 numbers and 2 of !@#$%^&*()-_=+{};:,<.>"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirmationNewPassword"
        required
        dependencies={['newPassword']}
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = validateConfirmPassword(form.getFieldValue('newPassword'), value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
