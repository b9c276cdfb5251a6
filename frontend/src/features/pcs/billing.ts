/**
 * Billing schedules of a cost sheet item (spec 3 §4, §5, §9): generating them, re-dating the rows after
 * a changed date, adding and duplicating within the term, and the live messages about count and amount.
 * Pure functions: the screen keeps the rows, these compute the next rows and what to say about them.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { formatNumber } from '@/lib/format';
import type { PaymentStatus } from './api/types';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'NOT_YET';
export const PAYMENT_STATUSES: PaymentStatus[] = ['NOT_YET', 'BILLING_REQUEST', 'SUDAH_TAGIH', 'SUDAH_PAYMENT'];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  NOT_YET: 'Not Yet',
  BILLING_REQUEST: 'Billing Request',
  SUDAH_TAGIH: 'Sudah Tagih',
  SUDAH_PAYMENT: 'Sudah Payment',
};

export const COUNT_MISMATCH = 'Billing Schedule count must match the value of Term of Payment';
export const BILLING_MATCHED = 'Billing schedule matched!';

/** 'Total billing schedule count cannot be more than Term of Payment: N'. */
export function tooManyRowsMessage(term: number | null | undefined): string {
  return `Total billing schedule count cannot be more than Term of Payment: ${term ?? 0}`;
}

/** A billing row as the screen edits it; `key` identifies it in lists (new ids are 21 characters, §9). */
export interface BillingRow {
  key: string;
  description: string;
  amount: number | null;
  paymentStatus: PaymentStatus | null;
  /** YYYY-MM-DD */
  schedule: string | null;
}

/** The parts of an item that decide its billing. */
export interface BillingTerms {
  quantity: number | null;
  sellingPrice: number | null;
  termOfPayment: number | null;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_LENGTH = 21;

/** A new id of 21 random alphanumeric characters (spec §9). */
export function newKey(random: () => number = Math.random): string {
  let key = '';
  for (let i = 0; i < KEY_LENGTH; i += 1) key += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return key;
}

/** Rounds to whole cents, so sums of decimal amounts compare exactly. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

const num = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Whether a term of payment is usable: an integer of at least 1. */
export function isValidTerm(term: number | null | undefined): term is number {
  return typeof term === 'number' && Number.isInteger(term) && term >= 1;
}

/** The item's total selling price: unit price times quantity. */
export function totalSellingPrice(item: Pick<BillingTerms, 'quantity' | 'sellingPrice'>): number {
  return roundMoney(num(item.sellingPrice) * num(item.quantity));
}

/** What the billing must add up to: total selling price times the term of payment (spec §9). */
export function expectedBillingTotal(item: BillingTerms): number {
  return roundMoney(totalSellingPrice(item) * num(item.termOfPayment));
}

/** The sum of the rows' amounts. */
export function billingSum(rows: ReadonlyArray<Pick<BillingRow, 'amount'>>): number {
  return roundMoney(rows.reduce((sum, row) => sum + num(row.amount), 0));
}

function toDay(value: string | Dayjs | Date): Dayjs {
  return dayjs(value);
}

/**
 * Billing generate: one row per term, one month apart starting today, each for the total selling price,
 * described 'billing 1'..'billing n'. Replaces whatever rows there were.
 */
export function generateBilling(item: BillingTerms, today: string | Dayjs | Date = dayjs(), key = () => newKey()): BillingRow[] {
  if (!isValidTerm(item.termOfPayment)) return [];
  const start = toDay(today).startOf('day');
  const amount = totalSellingPrice(item);
  return Array.from({ length: item.termOfPayment }, (_, i) => ({
    key: key(),
    description: `billing ${i + 1}`,
    amount,
    paymentStatus: DEFAULT_PAYMENT_STATUS,
    schedule: start.add(i, 'month').format(DATE_FORMAT),
  }));
}

/**
 * A changed billing date: row `index` takes `date`, and every following row is re-dated one month after
 * the one before it, keeping the changed row's day of month (clamped to the end of shorter months).
 */
export function redateFrom(rows: readonly BillingRow[], index: number, date: string | null): BillingRow[] {
  if (index < 0 || index >= rows.length) return [...rows];
  if (!date) return rows.map((row, i) => (i === index ? { ...row, schedule: null } : row));
  const base = toDay(date);
  if (!base.isValid()) return [...rows];
  return rows.map((row, i) =>
    i < index ? row : { ...row, schedule: base.add(i - index, 'month').format(DATE_FORMAT) },
  );
}

export type RowsChange = { rows: BillingRow[]; error: null } | { rows: null; error: string };

/** Whether another row fits within the term of payment. */
export function canAddRow(rows: readonly BillingRow[], term: number | null | undefined): boolean {
  return isValidTerm(term) && rows.length < term;
}

/**
 * Adds a row at the end: 'billing n', the total selling price, one month after the last row (today when
 * there is none). Refused beyond the term with the spec's message.
 */
export function addRow(
  rows: readonly BillingRow[],
  item: BillingTerms,
  today: string | Dayjs | Date = dayjs(),
  key = () => newKey(),
): RowsChange {
  if (!canAddRow(rows, item.termOfPayment)) return { rows: null, error: tooManyRowsMessage(item.termOfPayment) };
  const last = rows.at(-1)?.schedule;
  const schedule = last && toDay(last).isValid() ? toDay(last).add(1, 'month') : toDay(today).startOf('day');
  return {
    rows: [
      ...rows,
      {
        key: key(),
        description: `billing ${rows.length + 1}`,
        amount: totalSellingPrice(item),
        paymentStatus: DEFAULT_PAYMENT_STATUS,
        schedule: schedule.format(DATE_FORMAT),
      },
    ],
    error: null,
  };
}

/** Copies row `index` right after it; refused beyond the term with the spec's message. */
export function duplicateRow(
  rows: readonly BillingRow[],
  index: number,
  term: number | null | undefined,
  key = () => newKey(),
): RowsChange {
  if (!canAddRow(rows, term)) return { rows: null, error: tooManyRowsMessage(term) };
  const source = rows[index];
  if (!source) return { rows: [...rows], error: null };
  return { rows: [...rows.slice(0, index + 1), { ...source, key: key() }, ...rows.slice(index + 1)], error: null };
}

/** Drops row `index`. */
export function removeRow(rows: readonly BillingRow[], index: number): BillingRow[] {
  return rows.filter((_, i) => i !== index);
}

/** The count message, or null when the number of rows equals the term of payment. */
export function countMessage(count: number, term: number | null | undefined): string | null {
  return count === num(term) ? null : COUNT_MISMATCH;
}

export interface AmountCheck {
  matched: boolean;
  message: string;
}

/**
 * 'Billing schedule matched!' when the sum equals the expected total, otherwise
 * 'Total billing schedule amount is short/exceeds by X (sum / expected)' with id-ID numbers.
 */
export function amountCheck(sum: number, expected: number): AmountCheck {
  const difference = roundMoney(sum - expected);
  if (difference === 0) return { matched: true, message: BILLING_MATCHED };
  const word = difference < 0 ? 'short' : 'exceeds';
  return {
    matched: false,
    message: `Total billing schedule amount is ${word} by ${formatNumber(Math.abs(difference))} (${formatNumber(sum)} / ${formatNumber(expected)})`,
  };
}

export interface BillingCheck {
  count: string | null;
  amount: AmountCheck;
  /** Both the count and the amount agree with the item. */
  ok: boolean;
}

/** Everything the billing list says about an item's rows. */
export function checkBilling(item: BillingTerms & { billingSchedules: readonly BillingRow[] }): BillingCheck {
  const count = countMessage(item.billingSchedules.length, item.termOfPayment);
  const amount = amountCheck(billingSum(item.billingSchedules), expectedBillingTotal(item));
  return { count, amount, ok: count === null && amount.matched };
}

/** The server's texts for a billing row's rules (docs/api-contract-pcs.md). */
export const ROW_MESSAGES = {
  description: 'Billing description is required',
  amount: 'Billing amount must be at least 1',
  paymentStatus: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}`,
  schedule: 'Billing date is required',
} as const;

/** The problems of one row (spec §5: description required, amount at least 1, status from the set, a date). */
export function rowErrors(row: BillingRow): Partial<Record<keyof typeof ROW_MESSAGES, string>> {
  const errors: Partial<Record<keyof typeof ROW_MESSAGES, string>> = {};
  if (!row.description.trim()) errors.description = ROW_MESSAGES.description;
  if (row.amount === null || !Number.isFinite(row.amount) || row.amount < 1) errors.amount = ROW_MESSAGES.amount;
  if (!row.paymentStatus || !PAYMENT_STATUSES.includes(row.paymentStatus)) errors.paymentStatus = ROW_MESSAGES.paymentStatus;
  if (!row.schedule || !dayjs(row.schedule).isValid()) errors.schedule = ROW_MESSAGES.schedule;
  return errors;
}
