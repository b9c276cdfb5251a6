import type { TargetDetail, TargetPage, TargetRow } from './api/targets-api';

export const YEAR = new Date().getFullYear();

/** A row of GET /sales-targets: a target set (amount and id) or none (id null, amount 0). */
export function row(salesPersonId: number, fullname: string, overrides: Partial<TargetRow> = {}): TargetRow {
  return {
    id: null,
    salesPersonId,
    fullname,
    nickname: fullname.split(' ')[0],
    leaderId: 2,
    leaderName: 'Budi Santoso',
    year: YEAR,
    amount: 0,
    updatedAt: null,
    updatedByName: null,
    ...overrides,
  };
}

export const ANDI = row(11, 'Andi Pratama', {
  id: 101,
  amount: 2_000_000_000,
  updatedAt: '2026-03-05T07:30:00Z',
  updatedByName: 'Ratna Wijaya',
});
export const DEWI = row(12, 'Dewi Anggraini');
export const PUTRI = row(14, 'Putri Maharani', { leaderId: 3, leaderName: 'Sari Lestari', id: 102, amount: 750_000_000,
  updatedAt: '2026-02-01T03:00:00Z', updatedByName: 'Ratna Wijaya' });

export function targetPage(rows: TargetRow[] = [ANDI, DEWI, PUTRI], overrides: Partial<TargetPage> = {}): TargetPage {
  return {
    data: rows,
    totalRows: rows.length,
    year: YEAR,
    totalAmount: 2_750_000_000,
    teams: [
      { leaderId: 2, leaderName: 'Budi Santoso', members: 2, amount: 2_000_000_000 },
      { leaderId: 3, leaderName: 'Sari Lestari', members: 1, amount: 750_000_000 },
    ],
    ...overrides,
  };
}

export const ANDI_DETAIL: TargetDetail = {
  ...ANDI,
  history: [
    { oldAmount: 1_500_000_000, newAmount: 2_000_000_000, changedBy: 'Ratna Wijaya', changedAt: '2026-03-05T07:30:00Z' },
    { oldAmount: null, newAmount: 1_500_000_000, changedBy: 'Ratna Wijaya', changedAt: '2026-01-10T02:00:00Z' },
  ],
};
