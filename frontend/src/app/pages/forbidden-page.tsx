import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/auth/auth-context';
import { homePath } from '@/app/layout/navigation';

/** Shown when the session's routes do not allow the path (and at /error-403); Home Page opens the first screen the user may. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  const { navigations, routes, allRoutes } = useSession();
  return (
    <Result
      status="403"
      title="Access Denied."
      subTitle="You do not have permission to open this page. Ask an administrator if you need it."
      extra={
        <Space wrap>
          <Button onClick={() => navigate(-1)}>Go Back</Button>
          <Button type="primary" onClick={() => navigate(homePath(navigations, routes, allRoutes))}>
            Home Page
          </Button>
        </Space>
      }
    />
  );
}
