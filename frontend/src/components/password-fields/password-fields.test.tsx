import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { PASSWORD_MESSAGES } from '@/lib/password-policy';

const PASSWORD_RULE = PASSWORD_MESSAGES.policy;
import { PASSWORD_RULE_HINT, PasswordFields } from './password-fields';

function Harness() {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="vertical">
      <PasswordFields form={form} />
    </Form>
  );
}

describe('PasswordFields', () => {
  it('says the password rule once: as a hint, or as the error when it is broken', async () => {
    render(<Harness />);
    expect(screen.getByText(PASSWORD_RULE_HINT)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'short' } });
    expect(await screen.findByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_RULE_HINT)).toBeNull();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'ABcd12!@efGH' } });
    await waitFor(() => expect(screen.queryByText(PASSWORD_RULE)).toBeNull());
    expect(screen.getByText(PASSWORD_RULE_HINT)).toBeInTheDocument();
  });
});
