import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import type { LayerFigures } from '../api/insights-api';

const ROW_HEIGHT = 44;
const TICK = { fontSize: 12, fill: '#475569' };

/** Where the time goes: each layer's median and 90th percentile working hours to decide, as horizontal bars. */
export function LayerTimesChart({ layers }: { layers: LayerFigures[] }) {
  const bars = layers
    .filter((l) => l.p50Hours !== null)
    .map((l) => ({ name: `${l.pipelineName} · ${l.layerName}`, p50: l.p50Hours, p90: l.p90Hours }));
  if (bars.length === 0) return null;
  const height = Math.max(140, bars.length * ROW_HEIGHT + 60);
  const hours = (value: unknown) => `${formatNumber(Number(value), 1)} h`;
  return (
    <div className="insights__chart" role="img" aria-label="Working hours to decide per layer">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" tickFormatter={hours} tick={TICK} axisLine={false} tickLine={false} />
          <YAxis type="category" dataKey="name" width={160} tick={TICK} axisLine={false} tickLine={false} />
          <Tooltip formatter={(value, name) => [hours(value), name]} cursor={{ fill: '#f1f5f9' }} />
          <Legend itemSorter={null} />
          <Bar isAnimationActive={false} dataKey="p50" name="Median" fill="#1677ff" maxBarSize={14} />
          <Bar isAnimationActive={false} dataKey="p90" name="90th percentile" fill="#fa8c16" maxBarSize={14} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
