import {
  addRow,
  amountCheck,
  BILLING_MATCHED,
  billingSum,
  canAddRow,
  checkBilling,
  COUNT_MISMATCH,
  countMessage,
  duplicateRow,
  expectedBillingTotal,
  generateBilling,
  isValidTerm,
  KEY_LENGTH,
  newKey,
  redateFrom,
  removeRow,
  roundMoney,
  ROW_MESSAGES,
  rowErrors,
  tooManyRowsMessage,
  totalSellingPrice,
  type BillingRow,
} from './billing';

let counter = 0;
const seqKey = () => `k${++counter}`;
const row = (schedule: string | null, amount: number | null = 100, extra: Partial<BillingRow> = {}): BillingRow => ({
  key: seqKey(),
  description: 'billing',
  amount,
  paymentStatus: 'NOT_YET',
  schedule,
  ...extra,
});

beforeEach(() => {
  counter = 0;
});

describe('newKey', () => {
  it('is 21 alphanumeric characters', () => {
    const key = newKey();
    expect(key).toHaveLength(KEY_LENGTH);
    expect(key).toMatch(/^[A-Za-z0-9]{21}$/);
  });

  it('differs between calls', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newKey()));
    expect(keys.size).toBe(200);
  });

  it('uses the whole alphabet range without running past it', () => {
    expect(newKey(() => 0)).toBe('A'.repeat(21));
    expect(newKey(() => 0.999999)).toBe('9'.repeat(21));
  });
});

describe('money arithmetic', () => {
  it('rounds to cents', () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-2.499)).toBe(-2.5);
  });

  it('total selling price is unit price times quantity', () => {
    expect(totalSellingPrice({ sellingPrice: 1_500_000, quantity: 3 })).toBe(4_500_000);
    expect(totalSellingPrice({ sellingPrice: 0.1, quantity: 3 })).toBe(0.3);
    expect(totalSellingPrice({ sellingPrice: null, quantity: 3 })).toBe(0);
    expect(totalSellingPrice({ sellingPrice: 10, quantity: null })).toBe(0);
  });

  it('expected billing is total selling price times term', () => {
    expect(expectedBillingTotal({ sellingPrice: 1_000_000, quantity: 2, termOfPayment: 12 })).toBe(24_000_000);
    expect(expectedBillingTotal({ sellingPrice: 1_000_000, quantity: 2, termOfPayment: null })).toBe(0);
  });

  it('sums amounts, treating empty ones as zero', () => {
    expect(billingSum([row('2026-01-01', 0.1), row('2026-02-01', 0.2), row(null, null)])).toBe(0.3);
    expect(billingSum([])).toBe(0);
  });
});

describe('isValidTerm', () => {
  it.each([
    [1, true],
    [12, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
  ])('%s -> %s', (term, valid) => {
    expect(isValidTerm(term as number | null | undefined)).toBe(valid);
  });
});

describe('generateBilling', () => {
  it('makes one row per term, a month apart from today, each for the total selling price', () => {
    const rows = generateBilling({ sellingPrice: 2_500_000, quantity: 2, termOfPayment: 3 }, '2026-11-15', seqKey);
    expect(rows).toEqual([
      { key: 'k1', description: 'billing 1', amount: 5_000_000, paymentStatus: 'NOT_YET', schedule: '2026-11-15' },
      { key: 'k2', description: 'billing 2', amount: 5_000_000, paymentStatus: 'NOT_YET', schedule: '2026-12-15' },
      { key: 'k3', description: 'billing 3', amount: 5_000_000, paymentStatus: 'NOT_YET', schedule: '2027-01-15' },
    ]);
    expect(checkBilling({ sellingPrice: 2_500_000, quantity: 2, termOfPayment: 3, billingSchedules: rows }).ok).toBe(true);
  });

  it('clamps a month-end start to shorter months, keeping the day afterwards', () => {
    const rows = generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: 4 }, '2027-01-31', seqKey);
    expect(rows.map((r) => r.schedule)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('handles leap years', () => {
    const rows = generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: 2 }, '2028-01-31', seqKey);
    expect(rows.map((r) => r.schedule)).toEqual(['2028-01-31', '2028-02-29']);
  });

  it('ignores the time of day of "now"', () => {
    const rows = generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: 1 }, new Date(2026, 5, 3, 23, 59), seqKey);
    expect(rows[0].schedule).toBe('2026-06-03');
  });

  it('makes nothing without a usable term', () => {
    expect(generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: 0 }, '2026-01-01')).toEqual([]);
    expect(generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: null }, '2026-01-01')).toEqual([]);
  });

  it('gives every row a fresh key', () => {
    const rows = generateBilling({ sellingPrice: 1, quantity: 1, termOfPayment: 5 });
    expect(new Set(rows.map((r) => r.key)).size).toBe(5);
  });
});

describe('redateFrom', () => {
  const rows = () => [row('2026-01-10'), row('2026-02-10'), row('2026-03-10'), row('2026-04-10')];

  it('re-dates the following rows one month apart, keeping the day', () => {
    const next = redateFrom(rows(), 1, '2026-05-20');
    expect(next.map((r) => r.schedule)).toEqual(['2026-01-10', '2026-05-20', '2026-06-20', '2026-07-20']);
  });

  it('clamps the day to the end of shorter months but keeps it for longer ones', () => {
    const next = redateFrom(rows(), 0, '2026-01-31');
    expect(next.map((r) => r.schedule)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('crosses years', () => {
    const next = redateFrom(rows(), 2, '2026-11-30');
    expect(next.map((r) => r.schedule)).toEqual(['2026-01-10', '2026-02-10', '2026-11-30', '2026-12-30']);
    const later = redateFrom(rows(), 1, '2026-12-31');
    expect(later.map((r) => r.schedule)).toEqual(['2026-01-10', '2026-12-31', '2027-01-31', '2027-02-28']);
  });

  it('changes only the last row when the last row changes', () => {
    const next = redateFrom(rows(), 3, '2027-01-01');
    expect(next.map((r) => r.schedule)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2027-01-01']);
  });

  it('keeps the other fields and keys, and does not touch the input', () => {
    const before = rows();
    const next = redateFrom(before, 0, '2026-07-01');
    expect(next.map((r) => r.key)).toEqual(before.map((r) => r.key));
    expect(before[1].schedule).toBe('2026-02-10');
    expect(next[1]).toMatchObject({ description: 'billing', amount: 100, paymentStatus: 'NOT_YET' });
  });

  it('clears only the row whose date is cleared', () => {
    const next = redateFrom(rows(), 1, null);
    expect(next.map((r) => r.schedule)).toEqual(['2026-01-10', null, '2026-03-10', '2026-04-10']);
  });

  it('ignores an index out of range or an invalid date', () => {
    expect(redateFrom(rows(), 9, '2026-01-01').map((r) => r.schedule)).toEqual(rows().map((r) => r.schedule));
    expect(redateFrom(rows(), 0, 'not a date').map((r) => r.schedule)).toEqual(rows().map((r) => r.schedule));
  });
});

describe('adding, duplicating and removing rows', () => {
  const item = { sellingPrice: 1_000, quantity: 2, termOfPayment: 3 };

  it('adds a row a month after the last one, for the total selling price', () => {
    const result = addRow([row('2026-01-31')], item, '2026-06-01', seqKey);
    expect(result.error).toBeNull();
    expect(result.rows?.[1]).toEqual({
      key: 'k2',
      description: 'billing 2',
      amount: 2_000,
      paymentStatus: 'NOT_YET',
      schedule: '2026-02-28',
    });
  });

  it('adds the first row today', () => {
    const result = addRow([], item, '2026-06-01', seqKey);
    expect(result.rows?.[0]).toMatchObject({ description: 'billing 1', schedule: '2026-06-01' });
  });

  it('refuses a row beyond the term with the spec message', () => {
    const full = [row('2026-01-01'), row('2026-02-01'), row('2026-03-01')];
    expect(addRow(full, item)).toEqual({ rows: null, error: 'Total billing schedule count cannot be more than Term of Payment: 3' });
    expect(duplicateRow(full, 0, 3)).toEqual({ rows: null, error: tooManyRowsMessage(3) });
    expect(canAddRow(full, 3)).toBe(false);
    expect(canAddRow(full, 4)).toBe(true);
  });

  it('refuses to add when the term is not usable', () => {
    expect(addRow([], { ...item, termOfPayment: null }).error).toBe(tooManyRowsMessage(null));
    expect(tooManyRowsMessage(null)).toBe('Total billing schedule count cannot be more than Term of Payment: 0');
  });

  it('duplicates a row right after it with a new key', () => {
    const rows = [row('2026-01-01', 10), row('2026-02-01', 20)];
    const result = duplicateRow(rows, 0, 3, () => 'copy');
    expect(result.rows?.map((r) => [r.key, r.amount, r.schedule])).toEqual([
      ['k1', 10, '2026-01-01'],
      ['copy', 10, '2026-01-01'],
      ['k2', 20, '2026-02-01'],
    ]);
  });

  it('removes a row', () => {
    const rows = [row('2026-01-01'), row('2026-02-01'), row('2026-03-01')];
    expect(removeRow(rows, 1).map((r) => r.key)).toEqual(['k1', 'k3']);
    expect(removeRow(rows, 7)).toHaveLength(3);
  });
});

describe('messages', () => {
  it('asks for as many rows as the term', () => {
    expect(countMessage(2, 3)).toBe(COUNT_MISMATCH);
    expect(countMessage(4, 3)).toBe('Billing Schedule count must match the value of Term of Payment');
    expect(countMessage(3, 3)).toBeNull();
    expect(countMessage(0, null)).toBeNull();
  });

  it('says how much is short, with id-ID numbers', () => {
    expect(amountCheck(9_000_000, 12_000_000)).toEqual({
      matched: false,
      message: 'Total billing schedule amount is short by 3.000.000 (9.000.000 / 12.000.000)',
    });
  });

  it('says how much it exceeds, decimals with a comma', () => {
    expect(amountCheck(1_000_000.5, 1_000_000).message).toBe(
      'Total billing schedule amount is exceeds by 0,5 (1.000.000,5 / 1.000.000)',
    );
  });

  it('matches despite binary fractions', () => {
    expect(amountCheck(0.1 + 0.2, 0.3)).toEqual({ matched: true, message: BILLING_MATCHED });
    expect(BILLING_MATCHED).toBe('Billing schedule matched!');
  });

  it('checks an item as a whole', () => {
    const item = { sellingPrice: 100, quantity: 1, termOfPayment: 2 };
    expect(checkBilling({ ...item, billingSchedules: [row('2026-01-01', 100)] })).toEqual({
      count: COUNT_MISMATCH,
      amount: { matched: false, message: 'Total billing schedule amount is short by 100 (100 / 200)' },
      ok: false,
    });
    expect(checkBilling({ ...item, billingSchedules: [row('2026-01-01', 150), row('2026-02-01', 50)] })).toEqual({
      count: null,
      amount: { matched: true, message: BILLING_MATCHED },
      ok: true,
    });
    // The right sum is not enough without the right count.
    expect(checkBilling({ ...item, termOfPayment: 1, billingSchedules: [row('2026-01-01', 50), row('2026-02-01', 50)] }).ok).toBe(false);
  });
});

describe('rowErrors', () => {
  it('accepts a complete row', () => {
    expect(rowErrors(row('2026-01-01', 1))).toEqual({});
  });

  it('names every missing or wrong field', () => {
    expect(rowErrors(row(null, 0, { description: '  ', paymentStatus: null }))).toEqual({
      description: ROW_MESSAGES.description,
      amount: ROW_MESSAGES.amount,
      paymentStatus: ROW_MESSAGES.paymentStatus,
      schedule: ROW_MESSAGES.schedule,
    });
    expect(rowErrors(row('2026-01-01', 0.5)).amount).toBe('Billing amount must be at least 1');
    expect(rowErrors(row('2026-01-01', null)).amount).toBe('Billing amount must be at least 1');
    expect(rowErrors(row('2026-01-01', 5, { paymentStatus: 'PAID' as never })).paymentStatus).toBe(
      'Payment status must be one of NOT_YET, BILLING_REQUEST, SUDAH_TAGIH, SUDAH_PAYMENT',
    );
    expect(rowErrors(row(null)).schedule).toBe('Billing date is required');
    expect(rowErrors(row('2026-01-01', 5, { description: '' })).description).toBe('Billing description is required');
  });
});
