import type { Coa } from './api/coa-api';

/** A COA entry as GET /coa-management answers it. */
export function coa(id: number, overrides: Partial<Coa> = {}): Coa {
  const name = overrides.name ?? overrides.item ?? `Account ${id}`;
  return {
    id,
    code: `4-10${String(id).padStart(2, '0')}`,
    description: `Description of account ${id}`,
    keywords: 'managed service, recurring',
    type: 'REVENUE',
    createdAt: '2026-01-05T08:00:00Z',
    updatedAt: '2026-01-06T08:00:00Z',
    ...overrides,
    name,
    item: name,
  };
}
