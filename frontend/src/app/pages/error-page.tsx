import { Button, Result, Space } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's errorElement: a route that threw while rendering or loading. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <div className="center-page">
      <Result
        status={notFound ? '404' : '500'}
        title={notFound ? 'Page not found' : 'Something went wrong'}
        subTitle={
          notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'This page ran into a problem. Try again, or go back to the home page.'
        }
        extra={
          <Space orientation="vertical" align="center">
            <Space wrap>
              <Button onClick={() => window.history.back()}>Back</Button>
              <Button onClick={() => window.location.reload()}>Try Again</Button>
              <Button type="primary" href="/">
                Home Page
              </Button>
            </Space>
            {detail && !notFound && (
              <code className="error-page__detail">{detail}</code>
            )}
          </Space>
        }
      />
    </div>
  );
}
