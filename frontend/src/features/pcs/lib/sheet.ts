/**
 * The cost sheet as the screen edits it: a draft made from the server's sheet, live totals and the monthly
 * summary, the form's validity, and the payload the save and submit calls send.
 */
import dayjs from 'dayjs';
import type {
  ItemType,
  MonthTotal,
  PaymentStatus,
  Pcs,
  PcsFile,
  PcsItem,
  PcsItemIn,
  PcsSummary,
} from '../api/types';
import {
  checkBilling,
  DATE_FORMAT,
  expectedBillingTotal,
  isValidTerm,
  newKey,
  roundMoney,
  rowErrors,
  totalSellingPrice,
  type BillingRow,
} from '../billing';

export interface DraftItem {
  key: string;
  id: number | null;
  coaId: number;
  coaCode: string;
  coaName: string;
  type: ItemType;
  description: string;
  quantity: number | null;
  termOfPayment: number | null;
  sellingPrice: number | null;
  billingSchedules: BillingRow[];
}

export interface Draft {
  remark: string;
  items: DraftItem[];
  /** The file stored with this revision, unless the user removed it. */
  file: PcsFile | null;
  fileRemoved: boolean;
  /** A spreadsheet chosen in this session, sent with the next save. */
  upload: File | null;
}

export const REMARK_REQUIRED = 'Remark is required';
export const FILE_REQUIRED = 'PCS File must be uploaded before approval submission';
export const GP_NOT_POSITIVE = 'Total Gross Profit cannot be zero or less.';
export const SUB_SERVICE_REQUIRED = 'Sub service is required for this lead!!!';

/** The server's texts for an item's rules (docs/api-contract-pcs.md). */
export const ITEM_MESSAGES = {
  description: 'Description is required',
  quantity: 'Quantity must be a whole number of at least 1',
  termOfPayment: 'Term of Payment must be a whole number of at least 1',
  sellingPrice: 'Unit price must be a number of at least 0',
} as const;
export const MAX_TERM = 120;
export const MAX_QUANTITY = 1_000_000;
export const TERM_TOO_LONG = `Term of Payment cannot be more than ${MAX_TERM}`;
export const QUANTITY_TOO_LARGE = 'Quantity cannot be more than 1.000.000';

/** The commission share of gross profit (spec §9: the value 6, as percent; PCS_COMMISSION_PERCENT on the server). */
export const COMMISSION_PERCENT = 6;

function itemFrom(item: PcsItem): DraftItem {
  return {
    key: newKey(),
    id: item.id ?? null,
    coaId: item.coaId,
    coaCode: item.coaCode ?? item.chartOfAccount?.code ?? '',
    coaName: item.coaName ?? item.chartOfAccount?.name ?? '',
    type: item.type as ItemType,
    description: item.description ?? '',
    quantity: item.quantity,
    termOfPayment: item.termOfPayment,
    sellingPrice: item.sellingPrice,
    billingSchedules: (item.billingSchedules ?? []).map((b) => ({
      key: newKey(),
      description: b.description ?? '',
      amount: b.amount,
      paymentStatus: b.paymentStatus as PaymentStatus,
      schedule: b.schedule ? dayjs(b.schedule).format(DATE_FORMAT) : null,
    })),
  };
}

/** The screen's starting state for a sheet (or for no sheet yet). */
export function draftFrom(pcs: Pcs | null | undefined): Draft {
  return {
    remark: pcs?.remark ?? '',
    items: (pcs?.projectCostSheetItems ?? []).map(itemFrom),
    file: pcs?.pcsFile ?? null,
    fileRemoved: false,
    upload: null,
  };
}

/** A new item from a chart-of-accounts entry: quantity and term 1, no price or billing yet. */
export function newItem(coa: { id: number; code: string; name: string }, type: ItemType): DraftItem {
  return {
    key: newKey(),
    id: null,
    coaId: coa.id,
    coaCode: coa.code,
    coaName: coa.name,
    type,
    description: '',
    quantity: 1,
    termOfPayment: 1,
    sellingPrice: null,
    billingSchedules: [],
  };
}

/** Line totals: unit price x quantity, times the term (spec §9). */
export function grandTotal(item: DraftItem): number {
  return expectedBillingTotal(item);
}

export interface Totals {
  totalRevenue: number;
  totalCost: number;
  grossProfit: number;
  grossProfitMargin: number;
  commissionAllocation: number;
  gpAfterCommission: number;
  gpMarginAfterCommission: number;
}

/** `part` as a percent of revenue, to the cent; 0 without revenue. */
export const marginPercent = (part: number, revenue: number) => (revenue === 0 ? 0 : roundMoney((part / revenue) * 100));

/**
 * Revenue, cost, gross profit (revenue - cost), margin (gp / revenue x 100, 0 without revenue), and the
 * commission (the server's percent, 6 by default, of gross profit, rounded half up to whole rupiah; none without
 * profit) with what remains.
 */
export function totalsOf(items: readonly DraftItem[], commissionPercent: number = COMMISSION_PERCENT): Totals {
  const sum = (type: ItemType) => roundMoney(items.filter((i) => i.type === type).reduce((s, i) => s + grandTotal(i), 0));
  const totalRevenue = sum('REVENUE');
  const totalCost = sum('COST');
  const grossProfit = roundMoney(totalRevenue - totalCost);
  const commissionAllocation = grossProfit > 0 ? Math.round((grossProfit * commissionPercent) / 100) : 0;
  const gpAfterCommission = roundMoney(grossProfit - commissionAllocation);
  return {
    totalRevenue,
    totalCost,
    grossProfit,
    grossProfitMargin: marginPercent(grossProfit, totalRevenue),
    commissionAllocation,
    gpAfterCommission,
    gpMarginAfterCommission: marginPercent(gpAfterCommission, totalRevenue),
  };
}

/** The server's figures of a stored sheet. */
export function totalsFromSheet(pcs: Pcs): Totals {
  return {
    totalRevenue: pcs.totalRevenue,
    totalCost: pcs.totalCost,
    grossProfit: pcs.grossProfit,
    grossProfitMargin: pcs.grossProfitMargin,
    commissionAllocation: pcs.commissionAllocation ?? 0,
    gpAfterCommission: pcs.gpAfterCommission ?? 0,
    gpMarginAfterCommission: pcs.gpMarginAfterCommission ?? 0,
  };
}

/** Every month from the first billing to the last, as YYYY-MM. */
function monthRange(dates: string[]): string[] {
  if (dates.length === 0) return [];
  const sorted = dates.map((d) => dayjs(d).startOf('month')).sort((a, b) => a.valueOf() - b.valueOf());
  const months: string[] = [];
  for (let m = sorted[0]; !m.isAfter(sorted.at(-1)!); m = m.add(1, 'month')) months.push(m.format('YYYY-MM'));
  return months;
}

export interface SummaryItem {
  key: string;
  type: ItemType;
  coaName: string;
  description: string;
  totals: MonthTotal[];
}

export interface MonthlySummary extends Omit<PcsSummary, 'items'> {
  items: SummaryItem[];
}

/**
 * The monthly grid: per month the revenue and cost billed, gross profit and its margin, and each item's
 * billing per month.
 */
export function monthlySummary(items: readonly DraftItem[]): MonthlySummary {
  const dated = items.flatMap((item) => item.billingSchedules.filter((b) => b.schedule && dayjs(b.schedule).isValid()));
  const months = monthRange(dated.map((b) => b.schedule!));
  const perMonth = (rows: readonly BillingRow[]): MonthTotal[] =>
    months.map((month) => ({
      date: month,
      totalAmount: roundMoney(
        rows.filter((b) => b.schedule && b.schedule.startsWith(month)).reduce((s, b) => s + (b.amount ?? 0), 0),
      ),
    }));
  const ofType = (type: ItemType) => items.filter((i) => i.type === type).flatMap((i) => i.billingSchedules);
  const revenueTotals = perMonth(ofType('REVENUE'));
  const costTotals = perMonth(ofType('COST'));
  const gpTotals = months.map((date, i) => ({
    date,
    totalAmount: roundMoney(revenueTotals[i].totalAmount - costTotals[i].totalAmount),
  }));
  const gpMarginTotals = months.map((date, i) => ({
    date,
    totalAmount: marginPercent(gpTotals[i].totalAmount, revenueTotals[i].totalAmount),
  }));
  return {
    months,
    revenueTotals,
    costTotals,
    gpTotals,
    gpMarginTotals,
    items: items.map((item) => ({
      key: item.key,
      type: item.type,
      coaName: item.coaName,
      description: item.description,
      totals: perMonth(item.billingSchedules),
    })),
  };
}

/** Total gross profit of the grid: the sum of gpTotals (spec §5). */
export function summaryGrossProfit(summary: Pick<PcsSummary, 'gpTotals'>): number {
  return roundMoney(summary.gpTotals.reduce((s, m) => s + m.totalAmount, 0));
}

const isWhole = (n: number | null) => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/** The item's own field problems (the billing list reports its own). */
export function itemErrors(item: DraftItem): Partial<Record<keyof typeof ITEM_MESSAGES, string>> {
  const errors: Partial<Record<keyof typeof ITEM_MESSAGES, string>> = {};
  if (!item.description.trim()) errors.description = ITEM_MESSAGES.description;
  if (!isWhole(item.quantity)) errors.quantity = ITEM_MESSAGES.quantity;
  else if (item.quantity! > MAX_QUANTITY) errors.quantity = QUANTITY_TOO_LARGE;
  if (!isValidTerm(item.termOfPayment)) errors.termOfPayment = ITEM_MESSAGES.termOfPayment;
  else if (item.termOfPayment > MAX_TERM) errors.termOfPayment = TERM_TOO_LONG;
  if (item.sellingPrice === null || !Number.isFinite(item.sellingPrice) || item.sellingPrice < 0) {
    errors.sellingPrice = ITEM_MESSAGES.sellingPrice;
  }
  return errors;
}

/** Whether an item and its billing are complete and agree. */
export function isItemValid(item: DraftItem): boolean {
  return (
    Object.keys(itemErrors(item)).length === 0 &&
    item.billingSchedules.every((b) => Object.keys(rowErrors(b)).length === 0) &&
    checkBilling(item).ok
  );
}

export function hasFile(draft: Draft): boolean {
  return Boolean(draft.upload) || (Boolean(draft.file) && !draft.fileRemoved);
}

export interface Validity {
  /** Save as Draft may be pressed. */
  canSave: boolean;
  /** Submit may be pressed (on top of canSave). */
  canSubmit: boolean;
  remark: string | null;
  file: string | null;
  grossProfit: string | null;
}

/** The live checks of spec §5 that gate Save as Draft and Submit. */
export function validate(draft: Draft, subServiceRequired: boolean): Validity {
  const remark = draft.remark.trim() ? null : REMARK_REQUIRED;
  const itemsOk = draft.items.every(isItemValid);
  const canSave = remark === null && itemsOk;
  const file = hasFile(draft) ? null : FILE_REQUIRED;
  const gp = summaryGrossProfit(monthlySummary(draft.items));
  const grossProfit = draft.items.length > 0 && gp <= 0 ? GP_NOT_POSITIVE : null;
  return {
    canSave,
    canSubmit: canSave && file === null && gp > 0 && !subServiceRequired,
    remark,
    file,
    grossProfit,
  };
}

/** The items as the multipart `projectCostSheetItems` JSON expects them. */
export function itemsPayload(items: readonly DraftItem[]): PcsItemIn[] {
  return items.map((item) => ({
    ...(item.id !== null ? { id: item.id } : {}),
    coaId: item.coaId,
    type: item.type,
    description: item.description.trim(),
    quantity: item.quantity ?? 0,
    termOfPayment: item.termOfPayment ?? 0,
    sellingPrice: item.sellingPrice ?? 0,
    billingSchedules: item.billingSchedules.map((b) => ({
      description: b.description.trim(),
      amount: b.amount,
      paymentStatus: b.paymentStatus ?? 'NOT_YET',
      schedule: b.schedule,
    })),
  }));
}

/** The item's total selling price (unit price x quantity). */
export { totalSellingPrice };

/** The status's label and pill colour: one owner, shared with the lead cards. */
export { pcsStatusColor as statusColor, pcsStatusLabel as statusLabel } from '@/lib/pcs-status';
