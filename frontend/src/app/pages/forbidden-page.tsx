import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useHomePath } from '@/app/layout/use-home-path';

/** Shown when the session's routes do not allow the path (and at /error-403); Home Page opens the first screen the user may. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  const home = useHomePath();
  return (
    <Result
      status="403"
      title="Access Denied."
      subTitle="You do not have permission to open this page. Ask an administrator if you need it."
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
