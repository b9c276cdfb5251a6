import type { BillingHistory, BillingPage, BillingRow } from './api/billing-api';

export const STATUSES = [
  { value: 'NOT_YET', label: 'Not yet billed', color: 'default' },
  { value: 'BILLING_REQUEST', label: 'Billing requested', color: 'gold' },
  { value: 'SUDAH_TAGIH', label: 'Billed (Sudah Tagih)', color: 'blue' },
  { value: 'SUDAH_PAYMENT', label: 'Paid (Sudah Payment)', color: 'green' },
];

const NEXT: Record<string, [string | null, string | null]> = {
  NOT_YET: ['BILLING_REQUEST', null],
  BILLING_REQUEST: ['SUDAH_TAGIH', 'NOT_YET'],
  SUDAH_TAGIH: ['SUDAH_PAYMENT', 'BILLING_REQUEST'],
  SUDAH_PAYMENT: [null, 'SUDAH_TAGIH'],
};
const labelOf = (s: string | null) => STATUSES.find((o) => o.value === s)?.label ?? null;

export function billingRow(id: number, overrides: Partial<BillingRow> = {}): BillingRow {
  const status = overrides.paymentStatus ?? 'NOT_YET';
  const [next, previous] = NEXT[status];
  return {
    id,
    leadId: 40 + id,
    projectName: `Branch WAN ${id}`,
    pidNumber: null,
    clientId: 1,
    clientName: 'Bank Nusa Mandiri',
    salesPersonId: 5,
    salesPersonName: 'Andi Pratama',
    itemName: 'Managed Network Fee',
    itemDescription: 'Monthly managed WAN',
    description: `billing ${id}`,
    amount: 12_500_000,
    schedule: '2035-01-15',
    month: '2035-01',
    paymentStatus: status,
    statusLabel: labelOf(status) ?? status,
    nextStatus: next,
    nextStatusLabel: labelOf(next),
    previousStatus: previous,
    previousStatusLabel: labelOf(previous),
    ...overrides,
  };
}

export const ROWS = [
  billingRow(1),
  billingRow(2, { schedule: '2035-01-31', amount: 2_500_000.5, clientId: 2, clientName: 'PT Quartz Analytics',
    paymentStatus: 'SUDAH_TAGIH', statusLabel: 'Billed (Sudah Tagih)', nextStatus: 'SUDAH_PAYMENT',
    nextStatusLabel: 'Paid (Sudah Payment)', previousStatus: 'BILLING_REQUEST', previousStatusLabel: 'Billing requested' }),
  billingRow(3, { schedule: '2035-02-15', month: '2035-02', pidNumber: 'NDC-2035-0007' }),
];

export const PAGE: BillingPage = {
  data: ROWS,
  totalRows: 3,
  monthTotals: [
    { month: '2035-01', rows: 2, total: 15_000_000.5, paid: 0 },
    { month: '2035-02', rows: 1, total: 12_500_000, paid: 0 },
  ],
  clientTotals: [
    { clientId: 1, clientName: 'Bank Nusa Mandiri', rows: 2, total: 25_000_000, paid: 0 },
    { clientId: 2, clientName: 'PT Quartz Analytics', rows: 1, total: 2_500_000.5, paid: 0 },
  ],
  grandTotal: 27_500_000.5,
  statuses: STATUSES,
};

export const HISTORY: BillingHistory = {
  row: billingRow(2, { paymentStatus: 'SUDAH_TAGIH', statusLabel: 'Billed (Sudah Tagih)' }),
  entries: [
    { id: 9, at: '2035-01-20T03:00:00Z', fromStatus: 'BILLING_REQUEST', fromLabel: 'Billing requested',
      toStatus: 'SUDAH_TAGIH', toLabel: 'Billed (Sudah Tagih)', note: 'Invoice INV-77 sent', actorId: 1,
      actorName: 'System Administrator', stepBack: false },
    { id: 8, at: '2035-01-18T03:00:00Z', fromStatus: 'NOT_YET', fromLabel: 'Not yet billed',
      toStatus: 'BILLING_REQUEST', toLabel: 'Billing requested', note: null, actorId: 5,
      actorName: 'Andi Pratama', stepBack: false },
  ],
};
