import { Alert, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, LOAD_FAILED } from '@/lib/api/errors';

/** What every widget reads from its query. */
export interface WidgetState {
  isLoading: boolean;
  isFetching?: boolean;
  error: unknown;
}

export interface WidgetProps {
  title: ReactNode;
  extra?: ReactNode;
  state: WidgetState;
  /** Shows 'No Data.' instead of the children. */
  empty?: boolean;
  className?: string;
  children?: ReactNode;
  testId?: string;
}

/** A dashboard card: a skeleton while its call runs, the server's message (or 'Oops... something went wrong') when
 * it failed, 'No Data.' when there is nothing to show (spec 2 §2.6, §8). */
export function Widget({ title, extra, state, empty, className, children, testId }: WidgetProps) {
  let body: ReactNode = children;
  if (state.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (state.error) body = <Alert type="error" showIcon title={errorMessage(state.error, LOAD_FAILED)} />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Data." />;
  return (
    <Card
      title={title}
      extra={extra}
      variant="borderless"
      className={`dashboard-widget${state.isFetching && !state.isLoading ? ' is-refreshing' : ''} ${className ?? ''}`}
      data-testid={testId}
    >
      {body}
    </Card>
  );
}
