import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';

const HIGHLIGHTS = [
  'Leads from first contact (E1) to closing, with gross profit in IDR',
  'Project cost sheets and approvals in one queue',
  'Meetings, demos and presentations on one schedule',
];

/** The frame of the public pages: a brand panel beside a form card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <aside className="auth-page__brand" aria-hidden="true">
        <div className="auth-page__brand-inner">
          <div className="auth-page__brand-logo">
            <Logo />
          </div>
          <Typography.Title level={1} className="auth-page__headline">
            End to end sales activity management
          </Typography.Title>
          <ul className="auth-page__highlights">
            {HIGHLIGHTS.map((text) => (
              <li key={text}>
                <CheckCircleFilled /> {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-page__pipeline">
          {['E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((stage, i) => (
            <span key={stage} style={{ height: `${28 + i * 12}px` }}>
              {stage}
            </span>
          ))}
        </div>
      </aside>
      <main className="auth-page__main">
        <div className="auth-page__mobile-logo">
          <Logo />
        </div>
        <Card variant="borderless" className="auth-card">
          <Typography.Title level={3} className="auth-card__title">
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" className="auth-card__subtitle">
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </Card>
        <Typography.Text type="secondary" className="auth-page__footer">
          © {new Date().getFullYear()} Pipeline CRM · Internal use only
        </Typography.Text>
      </main>
    </div>
  );
}
