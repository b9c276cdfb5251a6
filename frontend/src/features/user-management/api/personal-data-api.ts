import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf, saveBlob } from '@/lib/api/download';
import type { components } from '@/lib/api/schema';
import { userManagementKeys } from './keys';

type Schemas = components['schemas'];
export type UserPersonalData = Schemas['UserPersonalData'];
export type UserHoldings = Schemas['UserHoldings'];

/** A person's data on request (UU PDP): archive with read, erasure with delete; administrators by default. */
export const PERSONAL_DATA_PAGE = 'system/personal-data';

/** GET /personal-data/users/{id}: what is held about the user, by kind; erased when and by whom, or why not yet. */
export const userPersonalDataQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userManagementKeys.personalData(id),
    queryFn: () => unwrap(api.GET('/personal-data/users/{user_id}', { params: { path: { user_id: id } } })),
    enabled: Number.isFinite(id),
  });

/** GET /personal-data/users/{id}/archive: everything held as one ZIP, saved under the server's file name. */
export async function downloadUserArchive(id: number): Promise<string> {
  const call = api.GET('/personal-data/users/{user_id}/archive', {
    params: { path: { user_id: id } },
    parseAs: 'blob',
  });
  const { blob, filename } = await namedBlobOf(call, `user-${id}-personal-data.zip`);
  saveBlob(blob, filename);
  return filename;
}

/** POST /personal-data/users/{id}/erase with the full name typed back. */
export function eraseUser(id: number, confirmation: string) {
  return unwrap(
    api.POST('/personal-data/users/{user_id}/erase', { params: { path: { user_id: id } }, body: { confirmation } }),
  );
}

/** What the counts say, in words: '2 audit entries · 1 saved view'; kinds with none are left out. */
export function userHoldingsText(h: UserHoldings): string {
  const parts: [number, string, string][] = [
    [h.auditEntries, 'audit entry', 'audit entries'],
    [h.openSessions, 'open session', 'open sessions'],
    [h.knownDevices, 'remembered device or address', 'remembered devices and addresses'],
    [h.secondFactor ? 1 : 0, 'second factor', 'second factors'],
    [h.providerLinks, 'provider link', 'provider links'],
    [h.savedViews, 'saved view', 'saved views'],
    [h.notifications, 'notification', 'notifications'],
    [h.activities, 'activity recorded', 'activities recorded'],
    [h.schedules, 'planned activity', 'planned activities'],
    [h.leads, 'lead', 'leads'],
    [h.textsMentioning, 'text naming them', 'texts naming them'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length > 0 ? said.join(' · ') : 'Nothing besides the record itself';
}
