import type { Coa, Pcs, PcsForm, PcsHistory, PcsItem } from './api/types';

export const revenueItem = (overrides: Partial<PcsItem> = {}): PcsItem => ({
  id: 101,
  coaId: 1,
  coaCode: '4-1001',
  coaName: 'Managed Services Revenue',
  chartOfAccount: { code: '4-1001', name: 'Managed Services Revenue' },
  type: 'REVENUE',
  description: 'NOC operations',
  quantity: 2,
  termOfPayment: 2,
  sellingPrice: 5_000_000,
  totalSellingPrice: 10_000_000,
  grandTotal: 20_000_000,
  createdAt: '2026-11-01T00:00:00Z',
  billingSchedules: [
    { id: 1, description: 'billing 1', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2026-11-15' },
    { id: 2, description: 'billing 2', amount: 10_000_000, paymentStatus: 'NOT_YET', schedule: '2026-12-15' },
  ],
  ...overrides,
});

export const costItem = (overrides: Partial<PcsItem> = {}): PcsItem => ({
  id: 102,
  coaId: 31,
  coaCode: '5-1001',
  coaName: 'Engineer Salaries',
  chartOfAccount: { code: '5-1001', name: 'Engineer Salaries' },
  type: 'COST',
  description: 'Two engineers',
  quantity: 1,
  termOfPayment: 2,
  sellingPrice: 6_000_000,
  totalSellingPrice: 6_000_000,
  grandTotal: 12_000_000,
  createdAt: '2026-11-01T00:00:00Z',
  billingSchedules: [
    { id: 3, description: 'billing 1', amount: 6_000_000, paymentStatus: 'NOT_YET', schedule: '2026-11-20' },
    { id: 4, description: 'billing 2', amount: 6_000_000, paymentStatus: 'NOT_YET', schedule: '2026-12-20' },
  ],
  ...overrides,
});

export const sheet = (overrides: Partial<Pcs> = {}): Pcs => ({
  id: 9,
  leadsId: 19,
  pcsVersion: 3,
  revisionBatch: 1,
  remark: 'Second try',
  status: 'SAVED_AS_DRAFT',
  requestedAt: null,
  savedAt: '2026-11-02T03:00:00Z',
  approvalId: null,
  pcsFile: {
    id: 4,
    filename: 'a1b2c3.xlsx',
    displayName: 'pcs-nusa.xlsx',
    originalFilename: 'pcs-nusa.xlsx',
    size: 262_144,
    url: '/api/leads/download/a1b2c3.xlsx',
  },
  totalRevenue: 20_000_000,
  totalCost: 12_000_000,
  grossProfit: 8_000_000,
  grossProfitMargin: 40,
  commissionAllocation: 480_000,
  gpAfterCommission: 7_520_000,
  gpMarginAfterCommission: 37.6,
  projectCostSheetItems: [revenueItem(), costItem()],
  leadBillingSchedule: { months: [], revenueTotals: [], costTotals: [], gpTotals: [], gpMarginTotals: [], items: [] },
  ...overrides,
});

export const historyEntry = (): PcsHistory => ({
  revisionBatch: 0,
  status: 'REJECTED',
  remark: 'First try',
  createdAt: '2026-10-20T00:00:00Z',
  projectCostSheet: sheet({
    revisionBatch: 0,
    remark: 'First try',
    status: 'REJECTED',
    pcsVersion: 1,
    projectCostSheetItems: [revenueItem({ description: 'Old scope' })],
  }),
});

export const pcsForm = (overrides: Partial<PcsForm> = {}): PcsForm => ({
  lead: {
    id: 19,
    projectName: 'IT Strategy Assessment',
    clientName: 'Bank Nusa Mandiri',
    clientCode: 'BNM',
    salesPersonId: 7,
    salesFullname: 'Sari Dewi',
    entityName: 'PT Nusantara',
    projectStartDate: '2026-11-01',
    projectEndDate: '2027-10-31',
    stageName: 'E3',
    status: 'NEW',
  },
  serviceCategories: [
    { serviceCategoryId: 7, serviceCategoryName: 'Managed Services', subServiceCategoryId: 70, subServiceCategoryName: 'NOC', hasSubCategories: true },
  ],
  subServiceRequired: false,
  projectCostSheets: { projectCostSheet: sheet(), projectCostSheetHistories: [historyEntry()] },
  revisions: [
    { revisionBatch: 0, label: 'Revision 0 - First try', isCurrent: false, status: 'REJECTED' },
    { revisionBatch: 1, label: 'Revision 1 (Current)', isCurrent: true, status: 'SAVED_AS_DRAFT' },
  ],
  projectIdNumbers: [],
  editable: true,
  lockReason: null,
  canSeeCommission: false,
  ...overrides,
});

export const coaEntries = (): Coa[] => [
  { id: 1, code: '4-1001', name: 'Managed Services Revenue', item: 'Managed Services Revenue', description: 'Monthly recurring fee', keywords: 'msp, recurring', type: 'REVENUE', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  { id: 2, code: '4-1004', name: 'Hardware Sales', item: 'Hardware Sales', description: 'Resale of servers', keywords: 'hardware, server', type: 'REVENUE', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
];
