import { Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatIDR, formatNumber } from '@/lib/format';

interface SummaryProps {
  title: string;
  count: number;
  amount: number;
  icon: ReactNode;
  tone: 'blue' | 'green' | 'amber';
}

/** A New / Closed / Total Ongoing card: the lead count and their GP in IDR (spec 2 §2.6). */
export function SummaryCard({ title, count, amount, icon, tone }: SummaryProps) {
  return (
    <div className={`summary-card summary-card--${tone}`} data-testid={`summary-${title}`}>
      <span className="summary-card__icon">{icon}</span>
      <div className="summary-card__body">
        <Typography.Text type="secondary">{title}</Typography.Text>
        <div className="summary-card__count">
          {formatNumber(count)} <span className="summary-card__unit">{count === 1 ? 'lead' : 'leads'}</span>
        </div>
        <Typography.Text className="summary-card__amount">{formatIDR(amount)}</Typography.Text>
      </div>
    </div>
  );
}

export function SummaryRow({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={[16, 16]}>
      {children.map((child, index) => (
        <Col key={index} xs={12} lg={6}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

/** Average days from creation to close (spec 2 §2.6). */
export function SalesCycleCard({ days, closed, icon }: { days: number; closed: number; icon: ReactNode }) {
  return (
    <div className="summary-card summary-card--slate" data-testid="summary-Average sales cycle">
      <span className="summary-card__icon">{icon}</span>
      <div className="summary-card__body">
        <Typography.Text type="secondary">Average sales cycle</Typography.Text>
        <div className="summary-card__count">
          {formatNumber(days, 1)} <span className="summary-card__unit">{days === 1 ? 'day' : 'days'}</span>
        </div>
        <Typography.Text className="summary-card__amount">
          {formatNumber(closed)} closed {closed === 1 ? 'lead' : 'leads'}
        </Typography.Text>
      </div>
    </div>
  );
}
