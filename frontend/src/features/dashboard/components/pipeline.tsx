import { Typography } from 'antd';
import { formatIDR, formatNumber } from '@/lib/format';
import type { RevenuePerStage, StagePipeline } from '../lib/types';

function Row({ stage, max, total }: { stage: StagePipeline; max: number; total?: boolean }) {
  const width = (value: number) => `${max > 0 ? Math.max((value * 100) / max, value > 0 ? 1.5 : 0) : 0}%`;
  return (
    <div className={`pipeline-row${total ? ' pipeline-row--total' : ''}`} data-testid={`pipeline-${stage.stageName}`}>
      <div className="pipeline-row__stage">
        <Typography.Text strong>{stage.stageName}</Typography.Text>
        {!total && (
          <Typography.Text type="secondary" className="pipeline-row__description" ellipsis>
            {stage.stageDescription}
          </Typography.Text>
        )}
      </div>
      <div className="pipeline-row__bar" aria-hidden>
        {!total && (
          <>
            <span className="pipeline-row__gp" style={{ width: width(stage.totalGrossProfit) }} />
            <span className="pipeline-row__year" style={{ width: width(stage.leadYearValueGp) }} />
          </>
        )}
      </div>
      <span className="pipeline-row__count">
        {formatNumber(stage.leadCount)} <span className="pipeline-row__unit">{stage.leadCount === 1 ? 'lead' : 'leads'}</span>
      </span>
      <span className="pipeline-row__amount">{formatIDR(stage.totalGrossProfit)}</span>
      <span className="pipeline-row__amount pipeline-row__amount--year">{formatIDR(stage.leadYearValueGp)}</span>
    </div>
  );
}

/** The lead pipeline per stage (spec 2 §2.6): count, total GP and year value (the GP expected to close this year),
 * with a bar of each against the largest stage, and the grand total. */
export function Pipeline({ data }: { data: RevenuePerStage }) {
  const max = Math.max(0, ...data.leadPipeline.map((s) => s.totalGrossProfit));
  return (
    <div className="pipeline">
      <div className="pipeline-row pipeline-row--head">
        <span>Stage</span>
        <span className="pipeline-legend" aria-hidden>
          <span className="legend-dot pipeline-row__gp-dot" /> Total GP
          <span className="legend-dot pipeline-row__year-dot" /> Year value
        </span>
        <span className="pipeline-row__count">Leads</span>
        <span className="pipeline-row__amount">Total GP</span>
        <span className="pipeline-row__amount pipeline-row__amount--year">Year value</span>
      </div>
      {data.leadPipeline.map((stage) => (
        <Row key={stage.stageName} stage={stage} max={max} />
      ))}
      <Row stage={data.total} max={max} total />
    </div>
  );
}
