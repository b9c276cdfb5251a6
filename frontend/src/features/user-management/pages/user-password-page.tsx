import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { PasswordFields } from '@/components/password-fields';
import { errorMessage, formMessages } from '@/lib/api/errors';
import { validatedValues } from '@/lib/form';
import { usePageAccess } from '@/lib/session';
import { setUserPassword, userQueryOptions } from '../api/user-management-api';
import { FormErrors } from '@/components/form-errors';
import { USERS_LIST_PATH, USERS_PAGE } from './user-list-page';

interface PasswordForm {
  newPassword: string;
  confirmationNewPassword: string;
}

export const passwordSetText = (username: string) => `The password of '${username}' has been set.`;

/** /system/user-management/:userId/change-password: an administrator sets a user's password. */
export function UserPasswordPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const access = usePageAccess(USERS_PAGE);
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const user = useQuery(userQueryOptions(userId));
  const userPath = `${USERS_LIST_PATH}/${userId}`;
  const name = user.data?.fullname;

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(userPath));

  const save = async () => {
    setFailure(null);
    const values = await validatedValues(form);
    if (!values || !user.data) return;
    setSaving(true);
    try {
      await setUserPassword(userId, values);
    } catch (error) {
      setFailure(formMessages(error));
      setSaving(false);
      return;
    }
    setSaving(false);
    toast.success(passwordSetText(user.data.username));
    goBack();
  };

  return (
    <FormPage
      breadcrumb={[
        ...systemCrumbs('User Management', USERS_LIST_PATH, name ?? 'User').map((c, i) => (i === 2 ? { ...c, to: userPath } : c)),
        { title: 'Set Password' },
      ]}
      title="Set Password"
      subtitle={user.data ? `A new password for ${user.data.fullname} (${user.data.username}).` : undefined}
      width="narrow"
    >
      {!access.isEdit ? (
        <Alert type="info" showIcon title="You do not have access to set users' passwords." />
      ) : user.isError || !Number.isFinite(userId) ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={user.error ? errorMessage(user.error) : undefined}
          extra={<Button onClick={() => navigate(USERS_LIST_PATH)}>Back to User Management</Button>}
        />
      ) : user.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form<PasswordForm> form={form} layout="vertical" onValuesChange={() => setFailure(null)}>
          {failure && <FormErrors title={`Failed to set the password of '${user.data.username}'.`} messages={failure} />}
          <Alert
            type="info"
            showIcon
            className="form-alert"
            title={`${name} is signed out everywhere and signs in with this password next.`}
          />
          <PasswordFields form={form} />
          <FormActions>
            <Button onClick={goBack} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Save
            </Button>
          </FormActions>
        </Form>
      )}
    </FormPage>
  );
}
