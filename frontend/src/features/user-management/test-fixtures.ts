import type { RoleOption, UserRow } from './api/user-management-api';

export const ROLES: RoleOption[] = [
  { id: 1, name: 'ADMIN', description: 'Administrator' },
  { id: 3, name: 'SALES', description: 'Sales Person' },
  { id: 4, name: 'LEADER', description: 'Sales Leader' },
];

/** A user as GET /users answers it. */
export function userRow(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    username: `user${id}`,
    fullname: `User ${id}`,
    nickname: null,
    roleId: 3,
    roleName: 'SALES',
    roleDescription: 'Sales Person',
    erased: false,
    leaderId: null,
    leaderName: null,
    email: `user${id}@example.co.id`,
    phoneNumber: null,
    gender: 'F',
    dob: null,
    isActive: true,
    passwordSignIn: true,
    lastSignInAt: null,
    reports: 0,
    version: 2,
    ...overrides,
  };
}
