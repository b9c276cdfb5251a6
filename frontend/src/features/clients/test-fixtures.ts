import type { ClientRow } from '@/lib/api/types';

/** A client row as GET /clients answers it. */
export function clientRow(id: number, overrides: Partial<ClientRow> = {}): ClientRow {
  return {
    id,
    clientCode: `C${String(id).padStart(2, '0')}`,
    clientName: `Client ${id}`,
    legalName: `PT Client ${id}`,
    industry: 1,
    industryName: 'Banking',
    address: `Jl. Sudirman ${id}`,
    country: 1,
    countryName: 'Indonesia',
    province: 1,
    provinceName: 'DKI Jakarta',
    city: 1,
    cityName: 'Jakarta Selatan',
    zipCode: '12190',
    affiliate: 1,
    affiliateName: 'Non Affiliate',
    npwp: null,
    isActive: true,
    totalLeads: 0,
    totalPersonel: 2,
    createdAt: '2026-01-05T08:00:00Z',
    updatedAt: '2026-01-05T08:00:00Z',
    ...overrides,
  };
}
