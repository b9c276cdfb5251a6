import type { Contact } from '@/lib/api/types';

/** A contact as GET /people answers it. */
export function contact(id: number, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    clientId: 1,
    clientName: 'Acme',
    fullname: `Person ${id}`,
    nickname: null,
    gender: 'Male',
    position: 'Manager',
    division: null,
    email: `person${id}@acme.co.id`,
    phoneNumber: '628123456789',
    linkedin: null,
    user: 'Sari Dewi',
    createdAt: '2026-01-05T08:00:00Z',
    updatedAt: '2026-01-06T08:00:00Z',
    ...overrides,
  };
}
