import { Button, Result, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SESSION_REFRESH_FAILED } from '@/app/auth/auth-provider';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/lib/session';

/** Private routes: no token → /signin (remembering where to return); waits for the session. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, refreshSession } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  // A stable state object: <Navigate> navigates again whenever its props change, and a fresh
  // object on every render would keep restarting the (lazy) sign-in route's navigation.
  const from = `${location.pathname}${location.search}`;
  const state = useMemo(() => ({ from }), [from]);

  if (status === 'anonymous') return <Navigate to="/signin" replace state={state} />;
  if (status === 'loading') return <FullPageSpinner tip="Loading your workspace…" />;
  if (status === 'error') {
    return (
      <div className="center-page">
        <Result
          status="warning"
          title={SESSION_REFRESH_FAILED}
          subTitle="Check your connection and try again, or sign in again."
          extra={
            <Space wrap>
              <Button onClick={() => void refreshSession()}>Try Again</Button>
              <Button type="primary" onClick={() => navigate('/signout')}>
                Sign In Again
              </Button>
            </Space>
          }
        />
      </div>
    );
  }
  return <>{children}</>;
}
