import { Button, Result, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useHomePath } from '@/app/layout/use-home-path';
import { refusingRoute } from '@/lib/route-access';
import { useSession } from '@/lib/session';

export const FORBIDDEN_HINT = 'Ask an administrator if you need it.';

/** Why the page is refused: "Your role Sales Executive has no read access to User Management." (the API's 403 says
 * the same for a call), when the route table names the page; a plain sentence otherwise (at /error-403). */
function useReason(): string {
  const { pathname } = useLocation();
  const { user, session, routes, allRoutes } = useSession();
  const route = pathname === '/error-403' ? null : refusingRoute(pathname, routes, allRoutes);
  const page = route ? session?.routeNames?.[route] : undefined;
  return page && user
    ? `Your role ${user.roleDescription} has no read access to ${page}. ${FORBIDDEN_HINT}`
    : `You do not have permission to open this page. ${FORBIDDEN_HINT}`;
}

/** Shown when the session's routes do not allow the path (and at /error-403); Home Page opens the first screen the user may. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  const home = useHomePath();
  const reason = useReason();
  return (
    <Result
      status="403"
      title="Access Denied."
      subTitle={reason}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(-1)}>Go Back</Button>
          <Button type="primary" onClick={() => navigate(home)}>
            Home Page
          </Button>
        </Space>
      }
    />
  );
}
