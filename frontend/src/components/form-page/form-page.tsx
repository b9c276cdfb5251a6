import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './form-page.css';

/** One step of the trail above a form: a link, or the last step as text. */
export interface Crumb {
  title: ReactNode;
  to?: string;
}

/** The trail of a System form: System › the list › the last crumb ('Add', 'Edit', a name). */
export function systemCrumbs(listTitle: string, listPath: string, crumb: ReactNode): Crumb[] {
  return [{ title: 'System', to: '/system' }, { title: listTitle, to: listPath }, { title: crumb }];
}

export interface FormPageProps {
  /** The trail above the title; none when left out. */
  breadcrumb?: Crumb[];
  title: ReactNode;
  subtitle?: ReactNode;
  /** The subtitle on one line, cut with an ellipsis (the cost sheet's client and project). */
  subtitleEllipsis?: boolean;
  /** Above the title: a way back to the list (the pipeline designers). */
  overline?: ReactNode;
  /** A back button beside the title (the cost sheet and PID screens); the header then lines up with it. */
  onBack?: () => void;
  /** On the right of the title (a view page's Edit button, the cost sheet's status). */
  action?: ReactNode;
  /** narrow: 640 px (a password), medium: 960 px (the default: wizards and System forms), full: the content width. */
  width?: 'narrow' | 'medium' | 'full';
  className?: string;
  /** The form in one card (the default), or `false` when the children bring their own cards. */
  card?: boolean;
  cardClassName?: string;
  /** The form, or why there is none (no access, not found, loading). */
  children: ReactNode;
}

/** Every form screen: trail, title (with its way back and action), then the form in a card. */
export function FormPage({
  breadcrumb,
  title,
  subtitle,
  subtitleEllipsis,
  overline,
  onBack,
  action,
  width = 'medium',
  className,
  card = true,
  cardClassName,
  children,
}: FormPageProps) {
  const classes = ['page', width === 'full' ? null : `page--${width}`, className].filter(Boolean).join(' ');
  const heading = (
    <>
      {overline}
      <Typography.Title level={3}>{title}</Typography.Title>
      {subtitle !== undefined && (
        <Typography.Text type="secondary" ellipsis={subtitleEllipsis || undefined}>
          {subtitle}
        </Typography.Text>
      )}
    </>
  );
  return (
    <div className={classes}>
      {breadcrumb && (
        <Breadcrumb
          className="page-breadcrumb"
          items={breadcrumb.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
        />
      )}
      {onBack ? (
        <div className="form-page__header">
          <Button icon={<ArrowLeftOutlined />} aria-label="Back" onClick={onBack} />
          <div className="form-page__title">{heading}</div>
          {action}
        </div>
      ) : (
        <Flex className="page-header" justify="space-between" align="flex-end" wrap gap={12}>
          <div>{heading}</div>
          {action}
        </Flex>
      )}
      {card ? (
        <Card variant="borderless" className={['page-card', cardClassName].filter(Boolean).join(' ')}>
          {children}
        </Card>
      ) : (
        children
      )}
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
