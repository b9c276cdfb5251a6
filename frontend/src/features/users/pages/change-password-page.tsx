import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/components/dialogs';
import { FormPage } from '@/components/form-page';
import { PasswordFields } from '@/components/password-fields';
import { errorMessage } from '@/lib/api/errors';
import { changeOwnPassword, type ChangeOwnPasswordInput } from '../api/users-api';

/** /user/profile/:userId/change-password: change my own password. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangeOwnPasswordInput>();
  const change = useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: async () => {
      await showSuccess({ title: 'Success', content: 'Password successfully been changed.' });
      navigate('/user/profile');
    },
    onError: (error) => {
      void showError({ title: 'Change password failed', content: errorMessage(error) });
    },
  });

  return (
    <FormPage title="Change Password" subtitle="Use a strong password you do not use anywhere else." width="narrow">
      <Form<ChangeOwnPasswordInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => change.mutate(values)}
      >
        <Form.Item
          label="Current Password"
          name="oldPassword"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields form={form} />
        <Flex gap={12} justify="flex-end">
          <Button onClick={() => navigate('/user/profile')}>Back</Button>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
    </FormPage>
  );
}
