import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showError, showSuccess } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { resetPassword, resetTokenQueryOptions } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { PasswordFields } from '@/components/password-fields';

interface ResetValues {
  newPassword: string;
  confirmationNewPassword: string;
}

/** /forgot-password/:token — set a new password with the mailed token (spec §2.6). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const check = useQuery(resetTokenQueryOptions(token));
  const reported = useRef(false);

  useEffect(() => {
    if (check.isError && !reported.current) {
      reported.current = true;
      void showError({ title: 'Error', content: errorMessage(check.error) }).then(() => navigate('/'));
    }
  }, [check.isError, check.error, navigate]);

  const submit = useMutation({
    mutationFn: (values: ResetValues) =>
      resetPassword({
        userId: check.data!.userId,
        userName: check.data!.userName,
        newPassword: values.newPassword,
        confirmationNewPassword: values.confirmationNewPassword,
        forgotPasswordToken: token,
      }),
    onSuccess: async () => {
      await showSuccess({ title: 'Success', content: 'Password successfully been changed.' });
      navigate('/');
    },
    onError: (error) => {
      void showError({ title: 'Reset password failed', content: errorMessage(error) });
    },
  });

  return (
    <AuthLayout title="Set a new password">
      <Alert
        type="info"
        showIcon
        title="Please provide required information to recover your account"
        className="auth-card__alert"
      />
      {check.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form<ResetValues>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          disabled={!check.data}
          onFinish={(values) => submit.mutate(values)}
        >
          <PasswordFields form={form} />
          <Flex gap={12}>
            <Button block disabled={false} onClick={() => navigate('/')}>
              Back
            </Button>
            <Button block type="primary" htmlType="submit" loading={submit.isPending}>
              Finish
            </Button>
          </Flex>
        </Form>
      )}
    </AuthLayout>
  );
}
