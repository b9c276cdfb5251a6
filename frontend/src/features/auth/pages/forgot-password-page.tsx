import { UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { sendResetMail } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const send = useMutation({
    mutationFn: (username: string) => sendResetMail(username),
    onSuccess: async () => {
      await showSuccess({
        title: 'Email Sent',
        content: 'We have sent a password reset link to your email. Check your inbox to continue.',
      });
      navigate('/');
    },
    onError: (error) => {
      void showError({ title: 'Error', content: errorMessage(error) });
    },
  });

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter your username and we will e-mail you a link to set a new password."
    >
      <Form<{ username: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={({ username }) => send.mutate(username.trim())}
      >
        <Form.Item
          label="Username"
          name="username"
          rules={[{ required: true, whitespace: true, message: 'Username is required' }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus placeholder="Your username" />
        </Form.Item>
        <Flex gap={12}>
          <Button block onClick={() => navigate('/signin')}>
            Back
          </Button>
          <Button block type="primary" htmlType="submit" loading={send.isPending}>
            Finish
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
