import { Alert, Breadcrumb, Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import './page.css';

/** One step of the trail above a page's title: a link, or the last step as text. */
export interface Crumb {
  title: ReactNode;
  to?: string;
}

/** The trail of a System screen: System › the list (› the last crumb: 'Add', 'Edit', a name). */
export function systemCrumbs(listTitle: string, listPath?: string, crumb?: ReactNode): Crumb[] {
  const list: Crumb = { title: listTitle, to: crumb === undefined ? undefined : listPath };
  return [{ title: 'System', to: '/system' }, list, ...(crumb === undefined ? [] : [{ title: crumb }])];
}

/** The trail of a lead's screen: Leads › the lead (› the screen). */
export function leadCrumbs(leadId: number | string, leadTitle: ReactNode, screen?: ReactNode): Crumb[] {
  const lead: Crumb = { title: leadTitle, to: screen === undefined ? undefined : `/leads/${leadId}` };
  return [{ title: 'Leads', to: '/leads' }, lead, ...(screen === undefined ? [] : [{ title: screen }])];
}

/**
 * full: the content's whole width (boards, tables, dashboards); form: a readable column of 960 px (forms, detail
 * views); narrow: 640 px (a password, a short form).
 */
export type PageWidth = 'full' | 'form' | 'narrow';

export interface PageProps {
  /** The trail above the title, in one form everywhere (Ant Design's breadcrumb, links but the last). */
  breadcrumb?: Crumb[];
  title: ReactNode;
  subtitle?: ReactNode;
  /** The subtitle on one line, cut with an ellipsis (a long client and project). */
  subtitleEllipsis?: boolean;
  /** On the right of the title (they wrap under it on a phone): the screen's buttons, a status. */
  actions?: ReactNode;
  /** Beside the title, on the left of the actions (chips, a status pill). */
  extra?: ReactNode;
  width?: PageWidth;
  className?: string;
  /** The data is still coming: a skeleton instead of the content. */
  loading?: boolean;
  /** The data could not be read: the server's message instead of the content. */
  error?: unknown;
  errorTitle?: string;
  /** The content in one borderless card. */
  card?: boolean;
  cardClassName?: string;
  children?: ReactNode;
}

/** Every signed-in screen: the trail, the header (title, subtitle, actions on the right), then the content in the
 *  width its kind of screen reads best at, or its loading or error state. */
export function Page({
  breadcrumb,
  title,
  subtitle,
  subtitleEllipsis,
  actions,
  extra,
  width = 'full',
  className,
  loading = false,
  error,
  errorTitle = 'Error loading data',
  card = false,
  cardClassName,
  children,
}: PageProps) {
  const classes = ['page', `page--${width}`, className].filter(Boolean).join(' ');
  const body = error ? (
    <Alert className="page__error" type="error" showIcon title={errorTitle} description={errorMessage(error)} />
  ) : loading ? (
    <Skeleton active paragraph={{ rows: 6 }} className="page__loading" />
  ) : (
    children
  );
  return (
    <div className={classes}>
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb
          className="page-breadcrumb"
          items={breadcrumb.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
        />
      )}
      <Flex className="page-header" justify="space-between" align="flex-end" wrap gap={12}>
        <div className="page-header__heading">
          <Typography.Title level={3}>{title}</Typography.Title>
          {subtitle !== undefined && subtitle !== null && (
            <Typography.Text type="secondary" ellipsis={subtitleEllipsis || undefined} className="page-header__subtitle">
              {subtitle}
            </Typography.Text>
          )}
        </div>
        {(extra || actions) && (
          <div className="page-header__actions">
            {extra}
            {actions}
          </div>
        )}
      </Flex>
      {card ? (
        <Card variant="borderless" className={['page-card', cardClassName].filter(Boolean).join(' ')}>
          {body}
        </Card>
      ) : (
        body
      )}
    </div>
  );
}
