import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The one date display format, d-MMM-yyyy, e.g. "5-Jan-2026" (spec 1 §9 names it and dd MMM yyyy: one is kept, so
 *  no screen writes a date two ways). Date pickers show it too. */
export const DATE_FORMAT_SHORT = 'D-MMM-YYYY';
/** Storage format for lead dates: yyyy-MM-dd HH:mm:ss. */
export const DATE_TIME_STORAGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const LOCALE = 'id-ID';
const EMPTY = '-';

type Numeric = number | string | null | undefined;

function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

// One formatter per number of decimals: making an Intl.NumberFormat costs a hundred times a format with it, and a
// table of amounts formats every cell on every render (a sixtieth of the leads board's render went to making them).
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(maximumFractionDigits: number): Intl.NumberFormat {
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format;
}

const rateFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats a number in the id-ID style: "1.250.000,5". */
export function formatNumber(value: Numeric, maximumFractionDigits = 2): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  return numberFormat(maximumFractionDigits).format(n);
}

/** Formats an amount of rupiah without decimals: "Rp 1.250.000", the one way money is written (never abbreviated). */
export function formatIDR(value: Numeric): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  const body = formatNumber(Math.abs(Math.round(n)), 0);
  return n < 0 && Math.round(n) !== 0 ? `-Rp ${body}` : `Rp ${body}`;
}

const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Abbreviates large numbers with K/M/B/T in the id-ID style: 1_500_000 -> "1,5M". For a chart's axis only (spec 3 §1):
 *  an amount a person reads is written whole with formatIDR, the one money style. */
export function abbreviate(value: Numeric, maximumFractionDigits = 2): string {
  const n = toNumber(value);
  if (n === null) return EMPTY;
  const abs = Math.abs(n);
  for (const [size, suffix] of UNITS) {
    if (abs >= size) {
      return `${formatNumber(n / size, maximumFractionDigits)}${suffix}`;
    }
  }
  return formatNumber(n, maximumFractionDigits);
}

type DateInput = string | number | Date | Dayjs | null | undefined;

/** The business's time zone (the server's TIME_ZONE, delivered with the session): every date and time the app shows
 *  is read in it, whatever the browser's own zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
let businessZone = DEFAULT_TIME_ZONE;

/** Sets the business's time zone (the session's timeZone); an unknown zone keeps the one before. */
export function setTimeZone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    dayjs().tz(zone);
    businessZone = zone;
  } catch {
    // a zone this browser does not know: the dates stay in the one before
  }
}

/** The business's time zone, e.g. 'Asia/Jakarta'. */
export function timeZone(): string {
  return businessZone;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A value as the business reads it: a calendar date ('2026-01-05') is that date wherever one is; a moment (a
 * timestamp with its offset, a Date, epoch ms) is read in the business's zone; a timestamp without an offset is the
 * business's wall time; a Dayjs is taken as its caller made it (a picker's day, a day of a grid).
 */
function toDay(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Dayjs;
  if (dayjs.isDayjs(value)) d = value;
  else if (typeof value === 'string' && CALENDAR_DATE.test(value)) d = dayjs(value);
  else if (typeof value === 'string' && !HAS_OFFSET.test(value)) d = dayjs.tz(value, businessZone);
  else d = dayjs(value).tz(businessZone);
  return d.isValid() ? d : null;
}

/** A moment as a Dayjs of the business's wall time, for a picker or a calendar grid (null when empty or invalid). */
export function businessTime(value: DateInput): Dayjs | null {
  return toDay(value);
}

/** Now, in the business's zone. */
export function businessNow(): Dayjs {
  return dayjs().tz(businessZone);
}

/** A picker's wall time (the browser shows and picks it in its own zone) as that time in the business's zone:
 *  '2026-01-05T10:00:00+07:00' for 10:00 picked, wherever the browser is. */
export function fromBusinessWallTime(value: Dayjs): string {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), businessZone).format();
}

/** A moment's business wall time as a plain Dayjs of the browser's zone, for a picker to show and edit. */
export function toBusinessWallTime(value: DateInput): Dayjs | null {
  const d = toDay(value);
  return d ? dayjs(d.format('YYYY-MM-DDTHH:mm:ss')) : null;
}

/** d-MMM-yyyy, e.g. "5-Jan-2026": the one way a date is written, in data, sentences and headings alike;
 *  "-" when empty or invalid. */
export function formatDate(value: DateInput): string {
  return toDay(value)?.format(DATE_FORMAT_SHORT) ?? EMPTY;
}

/** The weekday and the date, "Mon, 5-Jan-2026" (a day's heading in the schedule). */
export function formatDayHeading(value: DateInput): string {
  return toDay(value)?.format(`ddd, ${DATE_FORMAT_SHORT}`) ?? EMPTY;
}

/** A month as "Jan 2026" from "2026-01" (or any date in it); "-" when empty or invalid. */
export function formatMonth(value: DateInput): string {
  const text = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  return toDay(text)?.format('MMM YYYY') ?? EMPTY;
}

/** A day of a week's grid without its year, "23-Nov" (the year is in the grid's caption). */
export function formatDayMonth(value: DateInput): string {
  return toDay(value)?.format('D-MMM') ?? EMPTY;
}

/** The weekday, "Mon". */
export function formatWeekday(value: DateInput): string {
  return toDay(value)?.format('ddd') ?? EMPTY;
}

/** A month in full, "January 2026" (a calendar's title). */
export function formatMonthLong(value: DateInput): string {
  return toDay(value)?.format('MMMM YYYY') ?? EMPTY;
}

/** HH:mm, e.g. "14:05", in the business's zone. */
export function formatTime(value: DateInput): string {
  return toDay(value)?.format('HH:mm') ?? EMPTY;
}

/**
 * d-MMM-yyyy HH:mm, e.g. "5-Jan-2026 14:05": a moment (a change, a request, a notification), in the same form as
 * the dates beside it, in the business's zone.
 */
export function formatDateTime(value: DateInput): string {
  return toDay(value)?.format(`${DATE_FORMAT_SHORT} HH:mm`) ?? EMPTY;
}

/** A date range of days, "23-Nov-2026 – 29-Nov-2026" (one day alone when both are the same). */
export function formatDateRange(start: DateInput, end: DateInput): string {
  const [from, to] = [formatDate(start), formatDate(end)];
  return from === to ? from : `${from} – ${to}`;
}

/** The business day of a value as the API's yyyy-MM-dd ('2026-01-05'), e.g. the day a moment falls on in the
 *  business's zone; '' when empty or invalid. */
export function isoDate(value: DateInput): string {
  return toDay(value)?.format('YYYY-MM-DD') ?? '';
}

/** The month of a value as yyyy-MM ('2026-01'); '' when empty or invalid. */
export function isoMonth(value: DateInput): string {
  return toDay(value)?.format('YYYY-MM') ?? '';
}

/** A length of time as a player shows it: 7.2 s -> "0:07", 725 s -> "12:05", 3723 s -> "1:02:03". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** Whole years between a date of birth and today (null when unknown). */
export function ageFrom(dob: DateInput, today: DateInput = new Date()): number | null {
  const birth = toDay(dob);
  const now = toDay(today);
  if (!birth || !now) return null;
  return now.diff(birth, 'year');
}

/** A project's period, '1-Jan-2026 – 31-Dec-2026'; '-' when neither date is known. */
export function projectPeriod(start: string | null | undefined, end: string | null | undefined): string {
  return start || end ? `${formatDate(start)} – ${formatDate(end)}` : '-';
}

/** "PENDING" -> "Pending". */
export function titleCase(value: string | null | undefined): string {
  if (!value) return '-';
  return value
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

/** 'Female' for F..., 'Male' otherwise; '-' when unknown. */
export function genderLabel(gender: string | null | undefined): string {
  if (!gender) return '-';
  return gender.toUpperCase().startsWith('F') ? 'Female' : 'Male';
}

/** A percentage with exactly two decimals in the id-ID style: 12.5 -> "12,50%" (spec 2 §2.6 rate cards). */
export function formatRate(value: Numeric): string {
  const n = toNumber(value) ?? 0;
  return `${rateFormat.format(n)}%`;
}
