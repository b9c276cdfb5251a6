import { Skeleton, Tooltip } from 'antd';
import { formatIDR, formatNumber } from '@/lib/format';
import type { TotalGp } from '../api/types';

/** 'Total GP Ongoing Leads' and 'Ongoing Leads' (GET /leads/totalGp/{salesPersonId}). */
export function SummaryChips({ total, loading }: { total: TotalGp | undefined; loading: boolean }) {
  return (
    <div className="summary-chips">
      <div className="summary-chip summary-chip--gp">
        <span className="summary-chip__label">Total GP Ongoing Leads</span>
        {loading ? (
          <Skeleton.Input active size="small" />
        ) : (
          <Tooltip title={formatIDR(total?.totalGrossProfit)}>
            <span className="summary-chip__value" data-testid="total-gp">
              {formatIDR(total?.totalGrossProfit)}
            </span>
          </Tooltip>
        )}
      </div>
      <div className="summary-chip">
        <span className="summary-chip__label">Ongoing Leads</span>
        {loading ? (
          <Skeleton.Input active size="small" />
        ) : (
          <span className="summary-chip__value" data-testid="ongoing-leads">
            {formatNumber(total?.totalLeads)}
          </span>
        )}
      </div>
    </div>
  );
}
