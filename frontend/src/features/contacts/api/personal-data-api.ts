import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf, saveBlob } from '@/lib/api/download';
import type { components } from '@/lib/api/schema';
import { contactKeys } from './keys';

type Schemas = components['schemas'];
export type ContactPersonalData = Schemas['ContactPersonalData'];
export type Holdings = Schemas['Holdings'];
export type Erasure = Schemas['ErasureOut'];

/** A person's data on request (UU PDP): archive with read, erasure with delete; administrators by default. */
export const PERSONAL_DATA_PAGE = 'system/personal-data';

/** GET /personal-data/contacts/{id}: what is held about the contact, by kind, and whether they were erased. */
export const contactPersonalDataQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.personalData(id),
    queryFn: () =>
      unwrap(api.GET('/personal-data/contacts/{contact_id}', { params: { path: { contact_id: id } } })),
    enabled: Number.isFinite(id),
  });

/** GET /personal-data/contacts/{id}/archive: everything held as one ZIP, saved under the server's file name. */
export async function downloadContactArchive(id: number): Promise<string> {
  const call = api.GET('/personal-data/contacts/{contact_id}/archive', {
    params: { path: { contact_id: id } },
    parseAs: 'blob',
  });
  const { blob, filename } = await namedBlobOf(call, `contact-${id}-personal-data.zip`);
  saveBlob(blob, filename);
  return filename;
}

/** POST /personal-data/contacts/{id}/erase with the full name typed back. */
export function eraseContact(id: number, confirmation: string) {
  return unwrap(
    api.POST('/personal-data/contacts/{contact_id}/erase', {
      params: { path: { contact_id: id } },
      body: { confirmation },
    }),
  );
}

/** What the counts say, in words: '2 history entries · 1 file'; kinds with none are left out. */
export function holdingsText(h: Holdings): string {
  const parts: [number, string, string][] = [
    [h.historyEntries, 'history entry', 'history entries'],
    [h.activities, 'activity', 'activities'],
    [h.schedules, 'planned activity', 'planned activities'],
    [h.files, 'file', 'files'],
    [h.leads, 'lead', 'leads'],
    [h.leadHistoryEntries, 'lead history entry', 'lead history entries'],
    [h.notifications, 'notification', 'notifications'],
    [h.otherTexts, 'note on an approval, cost sheet or reassignment', 'notes on approvals, cost sheets or reassignments'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length > 0 ? said.join(' · ') : 'Nothing besides the record itself';
}
