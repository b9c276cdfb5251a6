import { Grid } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import { AXIS_TICK, COLORS, MAX_BAR_SIZE, MONTHS, axisAmount, legendLabel, tooltipAmount } from '../lib/charts';
import type { MonthCompare as MonthRow } from '../lib/types';

export type MonthMeasure = 'total' | 'gp';

/** Closed leads per month of the year against the year before (spec 2 §2.6): their count (Total) or their GP. */
export function MonthCompare({ rows, year, measure }: { rows: MonthRow[]; year: number; measure: MonthMeasure }) {
  // a phone has room for one letter a month
  const compact = Grid.useBreakpoint().sm === false;
  const data = rows.map((r) => ({ ...r, name: MONTHS[r.month - 1] }));
  const amount = measure === 'gp';
  const format = (value: unknown) => (amount ? tooltipAmount(value) : formatNumber(Number(value)));
  return (
    <div className="chart" role="img" aria-label={`Closed leads per month, ${year} against ${year - 1}`}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 12, right: 8, bottom: 4, left: 4 }} barGap={2}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis
            dataKey="name"
            tick={AXIS_TICK}
            tickFormatter={(name: string) => (compact ? name.charAt(0) : name)}
            axisLine={false}
            tickLine={false}
            interval={0}
          />
          <YAxis
            tickFormatter={amount ? axisAmount : (v: number) => formatNumber(v, 0)}
            allowDecimals={amount}
            tick={AXIS_TICK}
            axisLine={false}
            tickLine={false}
            width={amount ? 56 : 36}
          />
          <Tooltip formatter={(value, name) => [format(value), name]} cursor={{ fill: '#f1f5f9' }} />
          <Legend iconType="circle" formatter={legendLabel} wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="lastYear" name={String(year - 1)} fill={COLORS.muted} radius={[4, 4, 0, 0]} maxBarSize={MAX_BAR_SIZE} />
          <Bar dataKey="thisYear" name={String(year)} fill={COLORS.primary} radius={[4, 4, 0, 0]} maxBarSize={MAX_BAR_SIZE} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
