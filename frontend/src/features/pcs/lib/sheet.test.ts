import { costItem, revenueItem, sheet } from '../test-fixtures';
import {
  FILE_TOO_LARGE,
  MAX_FILE_BYTES as MAX_PCS_FILE_BYTES,
  UNSUPPORTED_SHEET_FORMAT as UNSUPPORTED_FILE,
} from '@/lib/files';
import { pcsFileError, sizeInMb } from './files';
import {
  draftFrom,
  FILE_REQUIRED,
  GP_NOT_POSITIVE,
  itemErrors,
  ITEM_MESSAGES,
  itemsPayload,
  monthlySummary,
  newItem,
  REMARK_REQUIRED,
  statusColor,
  statusLabel,
  summaryGrossProfit,
  totalsOf,
  validate,
  type Draft,
} from './sheet';

const draft = (overrides: Partial<Draft> = {}): Draft => ({ ...draftFrom(sheet()), ...overrides });

describe('status pill', () => {
  it('replaces underscores and capitalises, N/A when empty', () => {
    expect(statusLabel('SAVED_AS_DRAFT')).toBe('Saved As Draft');
    expect(statusLabel('WAITING_FOR_APPROVAL')).toBe('Waiting For Approval');
    expect(statusLabel('APPROVED')).toBe('Approved');
    expect(statusLabel(null)).toBe('N/A');
    expect(statusLabel('')).toBe('N/A');
  });

  it('colours draft and waiting primary, rejected red, approved green', () => {
    expect(statusColor('SAVED_AS_DRAFT')).toBe('processing');
    expect(statusColor('WAITING_FOR_APPROVAL')).toBe('processing');
    expect(statusColor('REJECTED')).toBe('error');
    expect(statusColor('APPROVED')).toBe('success');
    expect(statusColor(null)).toBe('default');
  });
});

describe('draftFrom', () => {
  it('starts empty without a sheet', () => {
    expect(draftFrom(null)).toEqual({ remark: '', items: [], file: null, fileRemoved: false, upload: null });
  });

  it('copies items and billing with fresh keys', () => {
    const d = draftFrom(sheet());
    expect(d.remark).toBe('Second try');
    expect(d.items).toHaveLength(2);
    expect(d.items[0]).toMatchObject({ id: 101, coaCode: '4-1001', type: 'REVENUE', quantity: 2, termOfPayment: 2 });
    expect(d.items[0].billingSchedules[1]).toMatchObject({ description: 'billing 2', schedule: '2026-12-15', amount: 10_000_000 });
    expect(d.items[0].key).toMatch(/^[A-Za-z0-9]{21}$/);
    expect(d.file?.displayName).toBe('pcs-nusa.xlsx');
  });

  it('falls back to chartOfAccount for code and name, and trims a timestamp schedule to a date', () => {
    const d = draftFrom(
      sheet({
        projectCostSheetItems: [
          revenueItem({
            coaCode: undefined as never,
            coaName: undefined as never,
            billingSchedules: [{ id: 1, description: 'b', amount: 1, paymentStatus: 'NOT_YET', schedule: '2026-11-15T00:00:00' }],
          }),
        ],
      }),
    );
    expect(d.items[0]).toMatchObject({ coaCode: '4-1001', coaName: 'Managed Services Revenue' });
    expect(d.items[0].billingSchedules[0].schedule).toBe('2026-11-15');
  });
});

describe('totalsOf', () => {
  it('adds grand totals by type, with margin and commission', () => {
    expect(totalsOf(draftFrom(sheet()).items)).toEqual({
      totalRevenue: 20_000_000,
      totalCost: 12_000_000,
      grossProfit: 8_000_000,
      grossProfitMargin: 40,
      commissionAllocation: 480_000,
      gpAfterCommission: 7_520_000,
      gpMarginAfterCommission: 37.6,
    });
  });

  it('has a zero margin without revenue and no commission without profit', () => {
    const items = draftFrom(sheet({ projectCostSheetItems: [costItem({ sellingPrice: 1_001, quantity: 1, termOfPayment: 1 })] })).items;
    const totals = totalsOf(items);
    expect(totals.grossProfit).toBe(-1_001);
    expect(totals.grossProfitMargin).toBe(0);
    expect(totals.commissionAllocation).toBe(0);
    expect(totals.gpAfterCommission).toBe(-1_001);
  });

  it('rounds the commission half up to whole rupiah', () => {
    const items = draftFrom(
      sheet({ projectCostSheetItems: [revenueItem({ sellingPrice: 125, quantity: 1, termOfPayment: 1 })] }),
    ).items;
    // 6% of 125 = 7.5 -> 8
    expect(totalsOf(items)).toMatchObject({ grossProfit: 125, commissionAllocation: 8, gpAfterCommission: 117, gpMarginAfterCommission: 93.6 });
  });

  it("applies the server's commission percent when it differs from 6", () => {
    const items = draftFrom(
      sheet({ projectCostSheetItems: [revenueItem({ sellingPrice: 1000, quantity: 1, termOfPayment: 1 })] }),
    ).items;
    expect(totalsOf(items, 10)).toMatchObject({ grossProfit: 1000, commissionAllocation: 100, gpAfterCommission: 900 });
  });
});

describe('monthlySummary', () => {
  it('totals each month from the first billing to the last, with gaps', () => {
    const items = draftFrom(
      sheet({
        projectCostSheetItems: [
          revenueItem({
            billingSchedules: [
              { id: 1, description: 'b1', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2026-11-15' },
              { id: 2, description: 'b2', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2027-01-15' },
            ],
          }),
          costItem(),
        ],
      }),
    ).items;
    const s = monthlySummary(items);
    expect(s.months).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(s.revenueTotals.map((m) => m.totalAmount)).toEqual([10_000_000, 0, 10_000_000]);
    expect(s.costTotals.map((m) => m.totalAmount)).toEqual([6_000_000, 6_000_000, 0]);
    expect(s.gpTotals.map((m) => m.totalAmount)).toEqual([4_000_000, -6_000_000, 10_000_000]);
    expect(s.gpMarginTotals.map((m) => m.totalAmount)).toEqual([40, 0, 100]);
    expect(s.items.map((i) => i.totals.map((t) => t.totalAmount))).toEqual([
      [10_000_000, 0, 10_000_000],
      [6_000_000, 6_000_000, 0],
    ]);
    expect(summaryGrossProfit(s)).toBe(8_000_000);
  });

  it('is empty without billing', () => {
    const s = monthlySummary([newItem({ id: 1, code: '4-1', name: 'X' }, 'REVENUE')]);
    expect(s.months).toEqual([]);
    expect(summaryGrossProfit(s)).toBe(0);
  });
});

describe('validate', () => {
  it('lets a complete sheet save and submit', () => {
    expect(validate(draft(), false)).toEqual({ canSave: true, canSubmit: true, remark: null, file: null, grossProfit: null });
  });

  it('requires a remark', () => {
    const v = validate(draft({ remark: '   ' }), false);
    expect(v).toMatchObject({ canSave: false, canSubmit: false, remark: REMARK_REQUIRED });
    expect(REMARK_REQUIRED).toBe('Remark is required');
  });

  it('saves without a file but does not submit', () => {
    const v = validate(draft({ fileRemoved: true }), false);
    expect(v).toMatchObject({ canSave: true, canSubmit: false, file: FILE_REQUIRED });
    expect(FILE_REQUIRED).toBe('PCS File must be uploaded before approval submission');
    const withUpload = validate(draft({ fileRemoved: true, upload: new File(['a'], 'a.csv') }), false);
    expect(withUpload).toMatchObject({ canSubmit: true, file: null });
  });

  it('does not submit with a missing sub service', () => {
    expect(validate(draft(), true)).toMatchObject({ canSave: true, canSubmit: false });
  });

  it('does not submit a gross profit of zero or less', () => {
    const d = draftFrom(sheet({ projectCostSheetItems: [costItem()] }));
    expect(validate(d, false)).toMatchObject({ canSave: true, canSubmit: false, grossProfit: GP_NOT_POSITIVE });
    expect(GP_NOT_POSITIVE).toBe('Total Gross Profit cannot be zero or less.');
  });

  it('does not save an item whose billing does not match', () => {
    const d = draft();
    d.items[0] = { ...d.items[0], termOfPayment: 3 };
    expect(validate(d, false).canSave).toBe(false);
    d.items[0] = { ...d.items[0], termOfPayment: 2, billingSchedules: d.items[0].billingSchedules.map((b) => ({ ...b, amount: 1 })) };
    expect(validate(d, false).canSave).toBe(false);
  });

  it('does not save a new item without billing', () => {
    const d = draft();
    d.items.push({ ...newItem({ id: 2, code: '4-1004', name: 'Hardware Sales' }, 'REVENUE'), description: 'x', sellingPrice: 5 });
    expect(validate(d, false).canSave).toBe(false);
  });
});

describe('itemErrors', () => {
  it('names each wrong field with the server texts', () => {
    const item = { ...newItem({ id: 1, code: 'c', name: 'n' }, 'COST'), quantity: 0, termOfPayment: 1.5 };
    expect(itemErrors(item)).toEqual({
      description: 'Description is required',
      quantity: 'Quantity must be a whole number of at least 1',
      termOfPayment: 'Term of Payment must be a whole number of at least 1',
      sellingPrice: 'Unit price must be a number of at least 0',
    });
    expect(ITEM_MESSAGES.sellingPrice).toBe('Unit price must be a number of at least 0');
  });

  it('accepts a unit price of 0 and limits term and quantity', () => {
    const item = { ...newItem({ id: 1, code: 'c', name: 'n' }, 'COST'), description: 'x', sellingPrice: 0 };
    expect(itemErrors(item)).toEqual({});
    expect(itemErrors({ ...item, termOfPayment: 121 }).termOfPayment).toBe('Term of Payment cannot be more than 120');
    expect(itemErrors({ ...item, quantity: 1_000_001 }).quantity).toBe('Quantity cannot be more than 1.000.000');
  });
});

describe('itemsPayload', () => {
  it('sends ids of stored items only, trimmed text and the billing', () => {
    const d = draft();
    d.items.push({ ...newItem({ id: 2, code: '4-1004', name: 'Hardware Sales' }, 'REVENUE'), description: ' Servers ', sellingPrice: 5 });
    const payload = itemsPayload(d.items);
    expect(payload[0]).toEqual({
      id: 101,
      coaId: 1,
      type: 'REVENUE',
      description: 'NOC operations',
      quantity: 2,
      termOfPayment: 2,
      sellingPrice: 5_000_000,
      billingSchedules: [
        { description: 'billing 1', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2026-11-15' },
        { description: 'billing 2', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2026-12-15' },
      ],
    });
    expect(payload[2]).not.toHaveProperty('id');
    expect(payload[2]).toMatchObject({ coaId: 2, description: 'Servers', quantity: 1, termOfPayment: 1, billingSchedules: [] });
  });
});

describe('PCS file rules', () => {
  it('refuses files over 15 MB', () => {
    expect(pcsFileError({ name: 'a.xlsx', size: MAX_PCS_FILE_BYTES + 1 })).toBe(FILE_TOO_LARGE);
    expect(pcsFileError({ name: 'a.xlsx', size: MAX_PCS_FILE_BYTES })).toBeNull();
    expect(FILE_TOO_LARGE).toBe('File is too large');
  });

  it.each(['a.xls', 'a.xlsx', 'a.XLSM', 'a.xlsb', 'a.ods', 'a.csv'])('accepts %s', (name) => {
    expect(pcsFileError({ name, size: 10 })).toBeNull();
  });

  it.each(['a.pdf', 'a.docx', 'a', 'xlsx.txt'])('refuses %s', (name) => {
    expect(pcsFileError({ name, size: 10 })).toBe(UNSUPPORTED_FILE);
    expect(UNSUPPORTED_FILE).toBe('Unsupported file format. Accepts only .xls kind file.');
  });

  it('shows the size in Mb (bytes / 1048576)', () => {
    expect(sizeInMb(262_144)).toBe('0,25 Mb');
    expect(sizeInMb(1_048_576 * 3)).toBe('3,00 Mb');
    expect(sizeInMb(0)).toBe('0,00 Mb');
    expect(sizeInMb(51)).toBe('< 0,01 Mb');
    expect(sizeInMb(10_486)).toBe('0,01 Mb');
  });
});
