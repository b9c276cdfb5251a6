import { Alert, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api/errors';

export interface ListPageProps {
  title: string;
  subtitle: ReactNode;
  /** On the right of the title: the page's Add button, when the user may add. */
  action?: ReactNode;
  /** Without read access the list is replaced by `noAccessText`. */
  canRead: boolean;
  noAccessText: string;
  /** The list query's error, shown above the list as 'Error loading data'. */
  error?: unknown;
  /** The list (a DataTable). */
  children: ReactNode;
}

/** A list page: title and action, then a card with the list, or why there is none. */
export function ListPage({ title, subtitle, action, canRead, noAccessText, error, children }: ListPageProps) {
  return (
    <div className="page">
      <Flex className="page-header" justify="space-between" align="flex-end" wrap gap={12}>
        <div>
          <Typography.Title level={3}>{title}</Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {action}
      </Flex>
      <Card variant="borderless" className="page-card">
        {!canRead ? (
          <Alert type="info" showIcon title={noAccessText} />
        ) : (
          <>
            {error ? (
              <Alert className="list-alert" type="error" showIcon title="Error loading data" description={errorMessage(error)} />
            ) : null}
            {children}
          </>
        )}
      </Card>
    </div>
  );
}
