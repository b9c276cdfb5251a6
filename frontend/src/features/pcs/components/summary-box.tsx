import { formatIDR, formatNumber } from '@/lib/format';
import type { Totals } from '../lib/sheet';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'gp' | 'muted' }) {
  return (
    <div className={`pcs-figure${tone ? ` pcs-figure--${tone}` : ''}`}>
      <span className="pcs-figure__label">{label}</span>
      <span className="pcs-figure__value" title={value}>
        {value}
      </span>
    </div>
  );
}

const percent = (n: number) => `${formatNumber(n)}%`;

/** Revenue, cost, gross profit and margin; the commission rows only for PCS_COMMISSION_ROLE (spec §6). */
export function SummaryBox({ totals, canSeeCommission }: { totals: Totals; canSeeCommission: boolean }) {
  return (
    <div className="pcs-summary" data-testid="pcs-summary">
      <Figure label="Total Revenue" value={formatIDR(totals.totalRevenue)} />
      <Figure label="Total Cost" value={formatIDR(totals.totalCost)} />
      <Figure label="Gross Profit" value={formatIDR(totals.grossProfit)} tone="gp" />
      <Figure label="Gross Profit Margin" value={percent(totals.grossProfitMargin)} />
      {canSeeCommission && (
        <>
          <Figure label="Commission Allocation" value={formatIDR(totals.commissionAllocation)} tone="muted" />
          <Figure label="GP After Commission" value={formatIDR(totals.gpAfterCommission)} tone="muted" />
          <Figure label="GP Margin After Commission" value={percent(totals.gpMarginAfterCommission)} tone="muted" />
        </>
      )}
    </div>
  );
}
