import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { queryDomains } from '@/lib/query-domains';

export type RoleMapping = components['schemas']['RoleMappingRow'];
export type RoleMappingIn = components['schemas']['RoleMappingIn'];
export type ProviderInfo = components['schemas']['ProviderInfo'];

export const SIGN_IN_PROVIDERS_PAGE = 'system/sign-in-providers';

export const signInProviderKeys = {
  all: [queryDomains.signInProviders] as const,
  mappings: () => [queryDomains.signInProviders, 'role-mappings'] as const,
};

/** The configured providers (no secrets), their role mappings and the roles a value may map to. */
export const roleMappingsQueryOptions = () =>
  queryOptions({
    queryKey: signInProviderKeys.mappings(),
    queryFn: () => unwrap(api.GET('/auth/oidc/role-mappings')),
  });

export function saveRoleMapping(id: number | null, body: RoleMappingIn) {
  return id
    ? unwrap(api.PUT('/auth/oidc/role-mappings/{mapping_id}', { params: { path: { mapping_id: id } }, body }))
    : unwrap(api.POST('/auth/oidc/role-mappings', { body }));
}

export function deleteRoleMapping(id: number) {
  return unwrap(api.DELETE('/auth/oidc/role-mappings/{mapping_id}', { params: { path: { mapping_id: id } } }));
}
