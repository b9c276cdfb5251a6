import { Tooltip, Typography } from 'antd';
import { formatRate } from '@/lib/format';
import type { SalesPerformance } from '../lib/types';

/** The five rate cards with what each is a share of (README "Dashboard figures" defines them). */
const RATES = [
  { key: 'sqlConversion', title: 'SQL Conv.', help: 'Leads created in the period that reached E4 or beyond' },
  { key: 'sqlWin', title: 'SQL Win', help: 'SQL leads of the period that closed' },
  { key: 'leadWin', title: 'Lead Win', help: 'Leads created in the period that closed' },
  { key: 'dropped', title: 'Dropped', help: 'Leads created in the period now dropped' },
  { key: 'hold', title: 'Hold', help: 'Leads created in the period now on hold' },
] as const;

export function RateCards({ data }: { data: SalesPerformance }) {
  return (
    <div className="rate-cards">
      {RATES.map((rate) => (
        <Tooltip key={rate.key} title={rate.help}>
          <div className={`rate-card rate-card--${rate.key}`} data-testid={`rate-${rate.title}`}>
            <Typography.Text type="secondary" className="rate-card__title">
              {rate.title}
            </Typography.Text>
            <span className="rate-card__value">{formatRate(data.rates[rate.key])}</span>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}
