import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/auth/auth-context';
import { FullPageSpinner } from '@/app/pages/full-page-spinner';

/** Revokes the refresh token, clears tokens and the query cache, then goes to /signin. */
export function SignOutPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().finally(() => navigate('/signin', { replace: true }));
  }, [logout, navigate]);

  return <FullPageSpinner tip="Signing out…" />;
}
