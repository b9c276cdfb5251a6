import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { blobOf, saveBlob } from '@/lib/api/download';
import { multipart } from '@/lib/api/multipart';
import { activityKeys } from './keys';
import type { ActivityCreate, ActivityForm } from './types';

export * from './types';

/** Schedule and history queries go stale after 5 minutes (spec 2 §9). */
export const PLANS_STALE_MS = 5 * 60_000;

export const leadActivitiesQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: activityKeys.ofLead(leadId),
    queryFn: () => unwrap(api.GET('/activity/{lead_id}', { params: { path: { lead_id: leadId } } })),
  });

/** The lead's planned activities still to come (the form's right column). */
export const leadPlansQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: activityKeys.plansOfLead(leadId),
    queryFn: () => unwrap(api.GET('/activity/schedule/lead/{lead_id}', { params: { path: { lead_id: leadId } } })),
    staleTime: PLANS_STALE_MS,
  });

export const picsQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: activityKeys.pics(leadId),
    queryFn: () => unwrap(api.GET('/activity/pic/{lead_id}', { params: { path: { lead_id: leadId } } })),
    staleTime: PLANS_STALE_MS,
  });

export const activityQueryOptions = (leadId: number, activityId: number) =>
  queryOptions({
    queryKey: activityKeys.detail(leadId, activityId),
    queryFn: () =>
      unwrap(
        api.GET('/activity/{lead_id}/{activity_id}', {
          params: { path: { lead_id: leadId, activity_id: activityId } },
        }),
      ),
  });

export const activityFilesQueryOptions = (leadId: number, activityId: number) =>
  queryOptions({
    queryKey: activityKeys.files(leadId, activityId),
    queryFn: () =>
      unwrap(
        api.GET('/activity/files/{lead_id}/{activity_id}', {
          params: { path: { lead_id: leadId, activity_id: activityId } },
        }),
      ),
  });

/** A voice note or photo as a blob, through the lead's access check (the bearer token goes with it). */
export const mediaQueryOptions = (leadId: number, kind: 'recordings' | 'photos', key: string) =>
  queryOptions({
    queryKey: activityKeys.media(leadId, kind, key),
    queryFn: () => {
      const params = { params: { path: { lead_id: leadId, filename: key } }, parseAs: 'blob' as const };
      return blobOf(
        kind === 'recordings'
          ? api.GET('/activity/recordings/load/{lead_id}/{filename}', params)
          : api.GET('/activity/photos/load/{lead_id}/{filename}', params),
      );
    },
    staleTime: Infinity,
  });

/** Saves any file of the activity under its shown name. */
export async function downloadActivityFile(activityId: number, file: { key: string; filename: string }) {
  const blob = await blobOf(
    api.GET('/activity/files/download/{activity_id}/{filename}', {
      params: { path: { activity_id: activityId, filename: file.key } },
      parseAs: 'blob',
    }),
  );
  const ext = file.key.includes('.') ? file.key.slice(file.key.lastIndexOf('.')) : '';
  saveBlob(blob, file.filename.toLowerCase().endsWith(ext.toLowerCase()) ? file.filename : file.filename + ext);
}

export interface ActivityUploads {
  recordings: File[];
  photos: File[];
  files: File[];
}

/** The multipart parts of POST /activity (spec 2 §7): the fields, then every photo and file as a `file` part (the
 *  server keeps a picture with the photos, by its content) and every voice note as a `recording` part. */
export function activityParts(data: ActivityCreate, { recordings, photos, files }: ActivityUploads) {
  const some = (list: File[]) => (list.length > 0 ? list : undefined); // no part at all for no file
  return multipart<ActivityForm>({ ...data, file: some([...photos, ...files]), recording: some(recordings) });
}

/** POST /activity: the activity and its files in one multipart request, saved whole or not at all. */
export function createActivity(data: ActivityCreate, uploads: ActivityUploads) {
  return unwrap(api.POST('/activity', activityParts(data, uploads)));
}
