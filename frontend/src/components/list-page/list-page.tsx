import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
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
  /** What the error says when the server gave no message of its own (errorMessage's default otherwise). */
  errorFallback?: string;
  /** With read access, above the list's card, in a card of its own: the list's totals (null: none now, the same
   *  layout). */
  before?: ReactNode;
  /** The list (a DataTable). */
  children: ReactNode;
}

/** A list call's failure, above the list: 'Error loading data' and the server's message. */
export function ListError({ error, fallback }: { error: unknown; fallback?: string }) {
  if (!error) return null;
  return (
    <Alert
      className="list-alert"
      type="error"
      showIcon
      title="Error loading data"
      description={errorMessage(error, fallback)}
    />
  );
}

/** A list page: the page shell at full width, then a card with the list (after `before`, if any), or why there is
 *  none. */
export function ListPage({
  breadcrumb,
  title,
  subtitle,
  action,
  canRead,
  noAccessText,
  error,
  errorFallback,
  before,
  children,
}: ListPageProps) {
  const list = !canRead ? (
    <Alert type="info" showIcon title={noAccessText} />
  ) : (
    <>
      <ListError error={error} fallback={errorFallback} />
      {children}
    </>
  );
  const header = { breadcrumb, title, subtitle, actions: action, width: 'full' as const };
  if (!canRead || before === undefined) {
    return (
      <Page {...header} card>
        {list}
      </Page>
    );
  }
  return (
    <Page {...header}>
      <div className="list-page__stack">
        {before}
        <Card variant="borderless" className="page-card">
          {list}
        </Card>
      </div>
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
