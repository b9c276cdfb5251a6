import {
  abbreviate,
  ageFrom,
  businessTime,
  formatClock,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDayHeading,
  formatTime,
  fromBusinessWallTime,
  isoDate,
  setTimeZone,
  timeZone,
  toBusinessWallTime,
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
  it('writes every date one way, d-MMM-yyyy', () => {
    expect(formatDate('2026-01-05')).toBe('5-Jan-2026');
    expect(formatDayHeading('2026-11-26')).toBe('Thu, 26-Nov-2026');
    expect(formatDateRange('2026-11-28', '2026-12-02')).toBe('28-Nov-2026 – 2-Dec-2026');
    expect(formatDateRange('2026-12-03', '2026-12-03')).toBe('3-Dec-2026');
  });
  it('writes a moment in the same form as the dates beside it, with the time', () => {
    expect(formatDateTime('2026-11-23T16:44:00')).toBe('23-Nov-2026 16:44');
    expect(formatDateTime('2026-01-05T08:05:00')).toBe('5-Jan-2026 08:05');
    expect(formatDateTime(undefined)).toBe('-');
  });
  it('returns a dash for missing dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
  it('computes age in whole years', () => {
    expect(ageFrom('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageFrom('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageFrom(null)).toBeNull();
  });
});

describe("the business's time zone", () => {
  afterEach(() => setTimeZone('Asia/Jakarta'));

  it('reads a moment in TIME_ZONE, whatever the browser is in', () => {
    expect(timeZone()).toBe('Asia/Jakarta');
    // 23:30 UTC is already the next morning in Jakarta (UTC+7)
    expect(formatDateTime('2026-11-27T23:30:00Z')).toBe('28-Nov-2026 06:30');
    expect(formatTime('2026-11-27T23:30:00+00:00')).toBe('06:30');
    expect(isoDate('2026-11-27T23:30:00Z')).toBe('2026-11-28');
    setTimeZone('America/New_York');
    expect(formatDateTime('2026-11-27T23:30:00Z')).toBe('27-Nov-2026 18:30');
  });

  it('keeps a calendar date and a wall time without an offset as they are', () => {
    expect(formatDate('2026-01-05')).toBe('5-Jan-2026');
    expect(formatDateTime('2026-01-05T08:05:00')).toBe('5-Jan-2026 08:05');
    setTimeZone('Pacific/Honolulu');
    expect(formatDate('2026-01-05')).toBe('5-Jan-2026');
  });

  it('ignores a zone the browser does not know', () => {
    setTimeZone('Mars/Olympus_Mons');
    expect(timeZone()).toBe('Asia/Jakarta');
  });

  it("turns a picker's wall time into that time in TIME_ZONE and back", () => {
    const picked = toBusinessWallTime('2026-11-28T03:00:00Z')!;
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 10:00');
    expect(fromBusinessWallTime(picked)).toBe('2026-11-28T10:00:00+07:00');
    expect(businessTime('2026-11-28T03:00:00Z')!.hour()).toBe(10);
  });
});

describe('formatClock', () => {
  it('writes a length as a player does', () => {
    expect(formatClock(7.2)).toBe('0:07');
    expect(formatClock(725)).toBe('12:05');
    expect(formatClock(3723)).toBe('1:02:03');
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
