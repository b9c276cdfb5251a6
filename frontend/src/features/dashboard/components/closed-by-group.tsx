import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLORS, MAX_BAR_SIZE, axisAmount, tooltipAmount } from '../lib/charts';
import type { GpBar, GpMeasure } from '../lib/gp-bars';

export type { GpMeasure } from '../lib/gp-bars';

export const GP_MEASURES: Array<{ value: GpMeasure; label: string }> = [
  { value: 'gpTotal', label: 'GP Total' },
  { value: 'gpAvg', label: 'GP Average' },
];

const ROW_HEIGHT = 36;

/** Closed GP per service category or project type as horizontal bars (long names stay readable on a phone). */
export function ClosedByGroup({ bars, measure, color }: { bars: GpBar[]; measure: GpMeasure; color: string }) {
  const height = Math.max(160, bars.length * ROW_HEIGHT + 40);
  const label = measure === 'gpTotal' ? 'GP total' : 'GP average';
  return (
    <div className="chart" role="img" aria-label={`${label} per group`}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid horizontal={false} stroke={COLORS.grid} />
          <XAxis type="number" tickFormatter={axisAmount} tick={AXIS_TICK} axisLine={false} tickLine={false} />
          <YAxis type="category" dataKey="name" width={120} tick={AXIS_TICK} axisLine={false} tickLine={false} />
          <Tooltip formatter={(value) => [tooltipAmount(value), label]} cursor={{ fill: '#f1f5f9' }} />
          <Bar isAnimationActive={false} dataKey="value" name={label} fill={color} radius={[0, 6, 6, 0]} maxBarSize={MAX_BAR_SIZE} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
