import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLORS, axisAmount, tooltipAmount } from '../lib/charts';
import type { SalesPerformance } from '../lib/types';

/** GP closed per year: the year and the four before (spec 2 §2.6). */
export function YearlyLine({ data }: { data: SalesPerformance }) {
  return (
    <div className="chart" role="img" aria-label="Closed GP per year">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data.yearValueClosedGp} margin={{ top: 12, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="year" tick={AXIS_TICK} axisLine={false} tickLine={false} />
          <YAxis tickFormatter={axisAmount} tick={AXIS_TICK} axisLine={false} tickLine={false} width={56} />
          <Tooltip formatter={(value) => [tooltipAmount(value), 'Closed GP']} />
          <Line
            type="linear"
            dataKey="gp"
            name="Closed GP"
            stroke={COLORS.primary}
            strokeWidth={3}
            dot={{ r: 4, fill: COLORS.primary }}
            activeDot={{ r: 6 }}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
