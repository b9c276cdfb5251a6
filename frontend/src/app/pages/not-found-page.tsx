import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** The catch-all page. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="center-page">
      <Result
        status="404"
        title="Page not found"
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <Button type="primary" onClick={() => navigate(-1)}>
            Back
          </Button>
        }
      />
    </div>
  );
}
