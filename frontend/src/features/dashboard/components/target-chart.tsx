import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLORS, MAX_BAR_SIZE, axisAmount, legendLabel, tooltipAmount } from '../lib/charts';
import type { LeaderboardRow } from '../lib/types';

const ROW_HEIGHT = 34;

/** Closed GP and the target still to reach per sales person, stacked (spec 2 §2.6; not on the SALES dashboard).
 * A long team scrolls inside the card. */
export function TargetChart({ rows }: { rows: LeaderboardRow[] }) {
  const data = rows.map((r) => ({
    name: r.nickname || r.fullname,
    closed: r.achievedGpInCurrentYear,
    remaining: Math.max(0, r.remainingTarget),
  }));
  const height = Math.max(180, data.length * ROW_HEIGHT + 60);
  return (
    <div className="chart chart--scroll" role="img" aria-label="Closed GP against remaining target per sales person">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid horizontal={false} stroke={COLORS.grid} />
          <XAxis type="number" tickFormatter={axisAmount} tick={AXIS_TICK} axisLine={false} tickLine={false} />
          <YAxis type="category" dataKey="name" width={96} tick={AXIS_TICK} axisLine={false} tickLine={false} />
          <Tooltip formatter={(value, name) => [tooltipAmount(value), name]} cursor={{ fill: '#f1f5f9' }} />
          <Legend iconType="circle" formatter={legendLabel} wrapperStyle={{ fontSize: 12 }} verticalAlign="top" />
          <Bar dataKey="closed" name="Closed GP" stackId="gp" fill={COLORS.success} maxBarSize={MAX_BAR_SIZE} />
          <Bar
            dataKey="remaining"
            name="Remaining target"
            stackId="gp"
            fill={COLORS.muted}
            radius={[0, 6, 6, 0]}
            maxBarSize={MAX_BAR_SIZE}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
