import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/lib/session';

/** Revokes the refresh token, clears tokens and the query cache, then goes to /signin: through the OpenID provider's
 * sign-out page first when the session came from a provider (which comes back to /signin). */
export function SignOutPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then((providerSignOut) => {
      if (providerSignOut) window.location.assign(providerSignOut);
      else navigate('/signin', { replace: true });
    });
  }, [logout, navigate]);

  return <FullPageSpinner tip="Signing out…" />;
}
