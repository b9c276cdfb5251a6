import dayjs, { type Dayjs } from 'dayjs';

/** Date display format d-MMM-yyyy, e.g. "5-Jan-2026". */
export const DATE_FORMAT_SHORT = 'D-MMM-YYYY';
/** Date display format dd MMM yyyy, e.g. "05 Jan 2026". */
export const DATE_FORMAT_LONG = 'DD MMM YYYY';
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

/** Formats an amount of rupiah without decimals: "Rp 1.250.000". */
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

/** Abbreviates large numbers with K/M/B/T in the id-ID style: 1_500_000 -> "1,5M". */
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

function toDay(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** d-MMM-yyyy, e.g. "5-Jan-2026"; "-" when empty or invalid. */
export function formatDate(value: DateInput): string {
  return toDay(value)?.format(DATE_FORMAT_SHORT) ?? EMPTY;
}

/** dd MMM yyyy, e.g. "05 Jan 2026", for a date in a sentence or a heading (today's date on the welcome page);
 *  dates in data (tables, fields, history, tooltips) use formatDate. "-" when empty or invalid. */
export function formatDateLong(value: DateInput): string {
  return toDay(value)?.format(DATE_FORMAT_LONG) ?? EMPTY;
}

/** A month as "Jan 2026" from "2026-01" (or any date in it); "-" when empty or invalid. */
export function formatMonth(value: DateInput): string {
  const text = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  return toDay(text)?.format('MMM YYYY') ?? EMPTY;
}

/**
 * d-MMM-yyyy HH:mm, e.g. "5-Jan-2026 14:05": a moment (a change, a request, a notification), in the same form as
 * the dates beside it, so no screen mixes "5-Jan-2026" with "05 Jan 2026 14:05".
 */
export function formatDateTime(value: DateInput): string {
  return toDay(value)?.format(`${DATE_FORMAT_SHORT} HH:mm`) ?? EMPTY;
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
