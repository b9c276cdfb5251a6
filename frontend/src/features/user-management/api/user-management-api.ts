import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { userManagementKeys } from './keys';

type Schemas = components['schemas'];

/** A user as User Management lists and edits them. */
export type UserRow = Schemas['UserRow'];
export type UserIn = Schemas['UserIn'];
export type RoleOption = Schemas['RoleOption'];

/** User Management's default page size. */
export const USERS_PAGE_SIZE = 10;
/** How many active users the leader select offers (the API's largest page). */
export const LEADERS_LIMIT = 100;

/** The list's filters as the API's criteria: roleId (a number) and isActive (true or false). */
export interface UserFilters {
  roleId?: number;
  isActive?: boolean;
}

/** The criteria JSON of the filters, or undefined when none is set. */
export function userCriteria({ roleId, isActive }: UserFilters): string | undefined {
  const criteria = [
    ...(roleId !== undefined ? [{ field: 'roleId', value: roleId }] : []),
    ...(isActive !== undefined ? [{ field: 'isActive', value: isActive }] : []),
  ];
  return criteria.length > 0 ? JSON.stringify(criteria) : undefined;
}

export const usersListQueryOptions = (params: ServerListParams, criteria: string | undefined) =>
  queryOptions({
    queryKey: userManagementKeys.list(params, criteria),
    queryFn: () =>
      unwrap(
        api.GET('/users', {
          params: { query: { ...serverListQuery(params), ...(criteria ? { criteria } : {}) } },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userManagementKeys.detail(id),
    queryFn: () => unwrap(api.GET('/users/{user_id}', { params: { path: { user_id: id } } })),
    enabled: Number.isFinite(id),
  });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: userManagementKeys.roles,
    queryFn: () => unwrap(api.GET('/users/roles')),
    staleTime: 5 * 60_000,
  });

/** Active users, the leaders a user can report to (the first 100 matching the typed name). */
export const leadersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: userManagementKeys.leaders(search),
    queryFn: () =>
      unwrap(
        api.GET('/users', {
          params: {
            query: {
              offset: 0,
              limit: LEADERS_LIMIT,
              ...(search ? { search } : {}),
              sort: 'fullname',
              desc: false,
              criteria: userCriteria({ isActive: true }),
            },
          },
        }),
      ),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export function createUser(body: UserIn) {
  return unwrap(api.POST('/users', { body }));
}

export function updateUser(id: number, body: UserIn) {
  return unwrap(api.PUT('/users/{user_id}', { params: { path: { user_id: id } }, body }));
}

/** Mails the user a link to set their password; the link points at this app. */
export function sendPasswordMail(id: number) {
  return unwrap(
    api.POST('/users/{user_id}/password-mail', {
      params: { path: { user_id: id }, query: { redirect_base_url: window.location.origin } },
    }),
  );
}

export function setUserPassword(id: number, body: { newPassword: string; confirmationNewPassword: string }) {
  return unwrap(api.PUT('/users/{user_id}/change-password', { params: { path: { user_id: id } }, body }));
}

/** Lifts the user's sign-in lock; answers whether they were locked. */
/** Whether the user's second factor is on. */
export const secondFactorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userManagementKeys.secondFactor(id),
    queryFn: () => unwrap(api.GET('/auth/users/{user_id}/second-factor', { params: { path: { user_id: id } } })),
  });

/** Removes the user's second factor (a lost phone); audited. */
export function resetSecondFactor(id: number) {
  return unwrap(api.DELETE('/auth/users/{user_id}/second-factor', { params: { path: { user_id: id } } }));
}

export function unlockUser(id: number) {
  return unwrap(api.POST('/auth/users/{user_id}/unlock', { params: { path: { user_id: id } } }));
}

/** 'F' or 'male' as the API takes them. */
export const GENDER_OPTIONS = [
  { value: 'F', label: 'Female' },
  { value: 'male', label: 'Male' },
];

/** A person of the reporting tree. */
export type HierarchyNode = Schemas['HierarchyNode'];

export const hierarchyQueryOptions = () =>
  queryOptions({
    queryKey: userManagementKeys.hierarchy,
    queryFn: () => unwrap(api.GET('/users/hierarchy')),
  });

/** Move a person under another leader (null: the top of the tree); answers the whole tree as it now is. */
export function moveUser(userId: number, leaderId: number | null) {
  return unwrap(api.PUT('/users/{user_id}/leader', { params: { path: { user_id: userId } }, body: { leaderId } }));
}
