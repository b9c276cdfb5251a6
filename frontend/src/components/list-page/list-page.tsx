import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Page, type Crumb } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';

export interface ListPageProps {
  /** The trail above the title (System › the list for System screens). */
  breadcrumb?: Crumb[];
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

/** A list page: the page shell at full width, then a card with the list, or why there is none. */
export function ListPage({ breadcrumb, title, subtitle, action, canRead, noAccessText, error, children }: ListPageProps) {
  return (
    <Page breadcrumb={breadcrumb} title={title} subtitle={subtitle} actions={action} width="full" card>
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
    </Page>
  );
}

/** A list page's Add button (its `action`): primary, opening the add form at `to`. */
export function AddButton({ to, label, icon = <PlusOutlined /> }: { to: string; label: ReactNode; icon?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={icon} onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}
