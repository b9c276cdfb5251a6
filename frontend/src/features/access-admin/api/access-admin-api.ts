import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { accessAdminKeys } from './keys';

type Schemas = components['schemas'];

/** A role as the Menu Page Access list shows it (a menu-access record). */
export type RoleRow = Schemas['RoleAccessRow'];
export type RoleIn = Schemas['RoleIn'];
/** A role with its four flags on every page. */
export type RolePageAccess = Schemas['RolePageAccess'];
export type PageFlagsOut = Schemas['PageFlagsOut'];
export type PageFlagsIn = Schemas['PageFlagsIn'];
/** A user's access to every page, each flag with the policy lines that grant it. */
export type EffectiveAccess = Schemas['EffectiveAccess'];
export type EffectivePage = Schemas['EffectivePage'];
type DashboardComponent = NonNullable<RoleIn['dashboardComponent']>;

/** Menu Page Access's page code and routes. */
export const ACCESS_PAGE = 'system/menu-page-access';
export const ACCESS_LIST_PATH = '/system/menu-page-access';
export const rolePath = (id: number) => `${ACCESS_LIST_PATH}/${id}`;

/** The roles table's default page size (spec 3 §9: tables default to 10). */
export const ROLES_PAGE_SIZE = 10;
/** How many users the effective-access picker offers at once. */
const USER_PICK_LIMIT = 20;

/** The dashboards a role can open on (the server's values), as people call them. */
export const DASHBOARD_OPTIONS: { value: DashboardComponent; label: string }[] = [
  { value: 'TOP_MANAGEMENT', label: 'Top Management' },
  { value: 'TL', label: 'Team Leader' },
  { value: 'SALES', label: 'Sales' },
];

export function dashboardLabel(value: string | null | undefined): string {
  return DASHBOARD_OPTIONS.find((o) => o.value === value)?.label ?? value ?? 'None';
}

export const rolesListQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: accessAdminKeys.list(params),
    queryFn: () => unwrap(api.GET('/menu-access', { params: { query: serverListQuery(params) } })),
    placeholderData: (previous) => previous,
  });

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accessAdminKeys.role(id),
    queryFn: () => unwrap(api.GET('/menu-access/{role_id}', { params: { path: { role_id: id } } })),
    enabled: Number.isFinite(id),
  });

export const effectiveQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accessAdminKeys.effective(userId),
    queryFn: () => unwrap(api.GET('/access/effective/{user_id}', { params: { path: { user_id: userId } } })),
    enabled: Number.isFinite(userId),
  });

/** Users whose name, username or e-mail matches, for the effective-access picker (active or not). */
export const userPickQueryOptions = (search: string) =>
  queryOptions({
    queryKey: accessAdminKeys.users(search),
    queryFn: () =>
      unwrap(
        api.GET('/users', {
          params: {
            query: { offset: 0, limit: USER_PICK_LIMIT, ...(search ? { search } : {}), sort: 'fullname', desc: false },
          },
        }),
      ),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

/** Adds a role (no id) or changes one's description, dashboard and whitelist (id); answers the role. */
export function saveRole(body: RoleIn) {
  return unwrap(api.POST('/menu-access', { body }));
}

export function removeRole(id: number) {
  return unwrap(api.DELETE('/menu-access/{role_id}', { params: { path: { role_id: id } } }));
}

/** Sets the role's whole matrix; answers the role as it now is. */
export function savePageAccess(roleId: number, pages: PageFlagsIn[]) {
  return unwrap(api.POST('/page-access', { body: { roleId, pages } }));
}
