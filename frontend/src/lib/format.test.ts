import {
  abbreviate,
  ageFrom,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatIDR,
  formatMonth,
  formatNumber,
  formatRate,
} from './format';

describe('formatNumber', () => {
  it('uses "." for thousands and "," for decimals', () => {
    expect(formatNumber(1250000)).toBe('1.250.000');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber('98765.432')).toBe('98.765,43');
  });
  it('returns a dash for empty or invalid values', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber('abc')).toBe('-');
  });
});

describe('formatIDR', () => {
  it('prefixes Rp and drops decimals', () => {
    expect(formatIDR(1250000)).toBe('Rp 1.250.000');
    expect(formatIDR(0)).toBe('Rp 0');
    expect(formatIDR(999.6)).toBe('Rp 1.000');
    expect(formatIDR(-5000)).toBe('-Rp 5.000');
  });
});

describe('abbreviate', () => {
  it.each([
    [999, '999'],
    [1000, '1K'],
    [1500, '1,5K'],
    [1_500_000, '1,5M'],
    [1_250_000, '1,25M'],
    [2_000_000_000, '2B'],
    [3_400_000_000_000, '3,4T'],
    [-1_500_000, '-1,5M'],
  ])('%d -> %s', (input, expected) => {
    expect(abbreviate(input)).toBe(expected);
  });
});

describe('dates', () => {
  it('formats d-MMM-yyyy and dd MMM yyyy', () => {
    expect(formatDate('2026-01-05')).toBe('5-Jan-2026');
    expect(formatDateLong('2026-01-05')).toBe('05 Jan 2026');
  });
  it('writes a moment in the same form as the dates beside it, with the time', () => {
    expect(formatDateTime('2026-11-23T16:44:00')).toBe('23-Nov-2026 16:44');
    expect(formatDateTime('2026-01-05T08:05:00')).toBe('5-Jan-2026 08:05');
    expect(formatDateTime(undefined)).toBe('-');
  });
  it('returns a dash for missing dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDateLong('not a date')).toBe('-');
  });
  it('computes age in whole years', () => {
    expect(ageFrom('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageFrom('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageFrom(null)).toBeNull();
  });
});

describe('formatRate', () => {
  it('always shows two decimals with the id-ID comma, and 0 for nothing', () => {
    expect(formatRate(12.5)).toBe('12,50%');
    expect(formatRate(33.333)).toBe('33,33%');
    expect(formatRate(100)).toBe('100,00%');
    expect(formatRate(0)).toBe('0,00%');
    expect(formatRate(null)).toBe('0,00%');
  });
});

describe('formatMonth', () => {
  it('names a YYYY-MM month or the month of a date', () => {
    expect(formatMonth('2035-01')).toBe('Jan 2035');
    expect(formatMonth('2026-11-15')).toBe('Nov 2026');
    expect(formatMonth(null)).toBe('-');
  });
});
