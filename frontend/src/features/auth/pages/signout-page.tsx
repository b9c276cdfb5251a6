import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/lib/session';

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
