import { Form, Input, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { PasswordProps } from 'antd/es/input';
import { validateConfirmPassword, validateNewPassword } from '@/lib/password-policy';
import './password-fields.css';

export const PASSWORD_RULE_HINT =
  '12–20 characters: at least 2 uppercase, 2 lowercase, 2 numbers and 2 of !@#$%^&*()-_=+{};:,<.>';

/**
 * The new password's box with the rule under it, until the rule is broken: then the error says the rule (the
 * spec's message), and saying it twice, as error and as hint, only makes the reader compare two texts.
 */
function NewPasswordInput(props: PasswordProps) {
  const { status } = Form.Item.useStatus();
  return (
    <>
      <Input.Password autoComplete="new-password" {...props} />
      {status !== 'error' && (
        <Typography.Text type="secondary" className="password-rule-hint" style={{ display: 'block', marginTop: 4 }}>
          {PASSWORD_RULE_HINT}
        </Typography.Text>
      )}
    </>
  );
}

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
        className="password-field"
        required
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = validateNewPassword(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <NewPasswordInput />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirmationNewPassword"
        className="password-field"
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
