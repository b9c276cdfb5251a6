import { Breadcrumb, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FormPageProps {
  /** The list the form belongs to, under System: 'Stage Management' at '/system/stage-management'. */
  listTitle: string;
  listPath: string;
  /** The last crumb: 'Add', 'Edit', or the page title. */
  crumb: ReactNode;
  title: ReactNode;
  subtitle: ReactNode;
  /** On the right of the title (a view page's Edit button). */
  action?: ReactNode;
  /** The form, or why there is none (no access, not found, loading). */
  children: ReactNode;
}

/** A form page of the System screens: breadcrumb, title and action, then a card with the form. */
export function FormPage({ listTitle, listPath, crumb, title, subtitle, action, children }: FormPageProps) {
  return (
    <div className="page page--medium">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/system">System</Link> },
          { title: <Link to={listPath}>{listTitle}</Link> },
          { title: crumb },
        ]}
      />
      <Flex className="page-header" justify="space-between" align="flex-end" wrap gap={12}>
        <div>
          <Typography.Title level={3}>{title}</Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {action}
      </Flex>
      <Card variant="borderless" className="page-card">
        {children}
      </Card>
    </div>
  );
}

/** The buttons under a form, on the right: Cancel or Back, then the primary action. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Flex justify="flex-end" gap={8} className="form-actions">
      {children}
    </Flex>
  );
}
