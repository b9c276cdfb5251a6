import { Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { FormPage } from '@/components/form-page';
import { useSession } from '@/lib/session';
import { ChangePasswordForm } from '../components/change-password-form';

/**
 * /change-password (spec 1 §2.1, a public route): the signed-in user changes their own password outside the app's
 * shell (the route guard sends a signed-out visitor to sign in first, and back here). Done, the user goes home;
 * Back returns to where they came from, or home when they opened this address directly.
 */
export function OwnPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <FormPage
      title="Change Password"
      subtitle={
        <>
          Signed in as <Typography.Text strong>{user?.fullname}</Typography.Text> ({user?.username}). Use a strong
          password you do not use anywhere else.
        </>
      }
      width="narrow"
    >
      <ChangePasswordForm onDone={() => navigate('/', { replace: true })} onBack={back} />
    </FormPage>
  );
}
