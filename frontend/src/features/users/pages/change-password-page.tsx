import { useNavigate } from 'react-router';
import { FormPage } from '@/components/form-page';
import { ChangePasswordForm } from '../components/change-password-form';

/** /user/profile/:userId/change-password: change my own password, from the profile and back to it. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const toProfile = () => navigate('/user/profile');
  return (
    <FormPage title="Change Password" subtitle="Use a strong password you do not use anywhere else." width="narrow">
      <ChangePasswordForm onDone={toProfile} onBack={toProfile} />
    </FormPage>
  );
}
