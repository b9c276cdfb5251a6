export interface PercentBounds {
  min?: number;
  max?: number;
}

/**
 * Cleans what was typed into a percentage: a comma becomes a point, only digits and one point
 * stay, leading zeroes go, and the number is clamped to min..max (0..100 by default).
 */
export function sanitizePercentInput(raw: string, { min = 0, max = 100 }: PercentBounds = {}): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const pointAt = text.indexOf('.');
  if (pointAt >= 0) {
    text = `${text.slice(0, pointAt + 1)}${text.slice(pointAt + 1).replace(/\./g, '')}`;
  }
  if (text === '') return '';
  if (text.startsWith('.')) text = `0${text}`;
  text = text.replace(/^0+(?=\d)/, '');

  const n = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (n > max) return String(max);
  if (n < min) return String(min);
  return text;
}

/** Reads a percentage text as a number (null when empty). */
export function parsePercent(text: string | null | undefined, bounds?: PercentBounds): number | null {
  if (!text) return null;
  const clean = sanitizePercentInput(text, bounds);
  if (clean === '') return null;
  const n = Number(clean.endsWith('.') ? clean.slice(0, -1) : clean);
  return Number.isFinite(n) ? n : null;
}
