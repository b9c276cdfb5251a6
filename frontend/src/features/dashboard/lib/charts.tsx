import { abbreviate, formatIDR } from '@/lib/format';

/** Bars never grow wider than 80 px (spec 2 §2.6). */
export const MAX_BAR_SIZE = 80;

/** The charts' colours, from the app theme (app/theme.ts). */
export const COLORS = {
  primary: '#1d4ed8',
  primarySoft: '#93c5fd',
  success: '#16a34a',
  muted: '#cbd5e1',
  grid: '#eef1f6',
  axis: '#64748b',
} as const;

/** Axis ticks: id-ID numbers with K/M/B/T (spec 1 §9). */
export const axisAmount = (value: number) => abbreviate(value, 1);

/** Tooltip amounts in full rupiah. */
export const tooltipAmount = (value: unknown) => formatIDR(typeof value === 'number' ? value : Number(value));

export const AXIS_TICK = { fill: COLORS.axis, fontSize: 12 } as const;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Legend labels in the text colour (a pale series would otherwise name itself in its own pale colour). */
export const legendLabel = (value: string) => <span style={{ color: '#475569' }}>{value}</span>;
