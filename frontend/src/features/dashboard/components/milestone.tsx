import { Flex, Progress, Typography } from 'antd';
import { formatIDR, formatRate } from '@/lib/format';
import { COLORS } from '../lib/charts';
import type { SalesPerformance } from '../lib/types';

/** The share of the target a part makes, capped at 100 for the bar. */
function share(part: number, target: number): number {
  return target > 0 ? Math.min(100, (part * 100) / target) : 0;
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Flex vertical className="milestone__figure">
      <Typography.Text type="secondary" className="milestone__label">
        {color && <span className="legend-dot" style={{ background: color }} />}
        {label}
      </Typography.Text>
      <Typography.Text strong className="milestone__value">
        {formatIDR(value)}
      </Typography.Text>
    </Flex>
  );
}

/** The yearly sales milestone: GP closed this year and the GP the E4-E6 pipeline could add, against the year's
 * target (spec 2 §2.6; definitions in README "Dashboard figures"). */
export function Milestone({ data }: { data: SalesPerformance }) {
  const achieved = data.achievedLeadsAmount;
  const potential = data.potentialLeadsAmount;
  const target = data.salesTargetAmount;
  // without a target the bar still shows how the achieved and the potential compare
  const scale = target > 0 ? target : achieved + potential;
  const achievedShare = share(achieved, scale);
  const withPotential = share(achieved + potential, scale);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" wrap gap={12}>
        <Figure label="Achieved" value={achieved} color={COLORS.success} />
        <Figure label="Potential" value={potential} color={COLORS.primarySoft} />
        <Figure label={`Target ${data.year}`} value={target} />
        <Flex vertical className="milestone__figure milestone__figure--end">
          <Typography.Text type="secondary" className="milestone__label">
            Achieved of target
          </Typography.Text>
          <Typography.Text strong className="milestone__value">
            {target > 0 ? formatRate((achieved * 100) / target) : 'No target set'}
          </Typography.Text>
        </Flex>
      </Flex>
      <Progress
        aria-label={`Achieved ${formatIDR(achieved)} and potential ${formatIDR(potential)} of the target ${formatIDR(target)}`}
        percent={withPotential}
        success={{ percent: achievedShare, strokeColor: COLORS.success }}
        strokeColor={COLORS.primarySoft}
        railColor="#eef1f6"
        showInfo={false}
        size={{ height: 14 }}
      />
    </Flex>
  );
}
