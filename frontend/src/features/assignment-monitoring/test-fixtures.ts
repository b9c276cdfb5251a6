import type { BookLead, Person, ReassignmentDetail, ReassignmentRow } from './api/assignment-api';

export const RIZKY: Person = { id: 7, fullname: 'Rizky Hidayat', username: 'sales3', isActive: true, canReceive: true, leadCount: 2 };
export const DEWI: Person = { id: 6, fullname: 'Dewi Anggraini', username: 'sales2', isActive: true, canReceive: true, leadCount: 5 };
export const GONE: Person = { id: 9, fullname: 'Gita Former', username: 'gita', isActive: false, canReceive: false, leadCount: 1 };

/** A reassignment as GET /assignment-monitoring lists it. */
export function reassignmentRow(id: number, overrides: Partial<ReassignmentRow> = {}): ReassignmentRow {
  return {
    id,
    at: '2026-11-20T03:15:00Z',
    fromUserId: RIZKY.id,
    fromName: RIZKY.fullname,
    toUserId: DEWI.id,
    toName: DEWI.fullname,
    byName: 'Adi Nugroho',
    leadCount: 2,
    reason: 'Rizky leaves the company.',
    ...overrides,
  };
}

export function bookLead(id: number, overrides: Partial<BookLead> = {}): BookLead {
  return {
    id,
    projectName: `Project ${id}`,
    clientName: 'Bank Nusa Mandiri',
    stageName: 'E2 Connected',
    status: 'NEW',
    statusLabel: 'New',
    totalGrossProfit: 150_000_000,
    pendingRequest: false,
    upcomingSchedules: 0,
    ...overrides,
  };
}

export function reassignmentDetail(id: number): ReassignmentDetail {
  return {
    ...reassignmentRow(id),
    message: '2 leads moved from Rizky Hidayat to Dewi Anggraini.',
    leads: [
      {
        leadId: 11,
        projectName: 'Core Banking',
        clientName: 'Bank Nusa Mandiri',
        stageName: 'E3 Qualified',
        status: 'WAITING',
        statusLabel: 'Waiting',
        totalGrossProfit: 250_000_000,
        requestMoved: true,
        schedulesMoved: 1,
      },
      {
        leadId: null,
        projectName: 'Removed Project',
        clientName: null,
        stageName: 'E1 Found',
        status: 'DROPPED',
        statusLabel: 'Dropped',
        totalGrossProfit: 0,
        requestMoved: false,
        schedulesMoved: 0,
      },
    ],
  };
}
