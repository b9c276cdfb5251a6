import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';

/** Shown when the session's routes do not allow the path (and at /error-403). */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="Access Denied."
      subTitle="You do not have permission to open this page. Ask an administrator if you need it."
      extra={
        <Space wrap>
          <Button onClick={() => navigate(-1)}>Go Back</Button>
          <Button type="primary" onClick={() => navigate('/')}>
            Home Page
          </Button>
        </Space>
      }
    />
  );
}
