import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { SettingFamily } from '../lib/families';
import { settingKeys } from './keys';

type Schemas = components['schemas'];

export type NotificationSetting = Schemas['NotificationSettingOut'];
export type ReminderSetting = Schemas['ReminderSettingOut'];
/** A setting of either family: spec 1 §3 names its action notificationAction or reminderAction. */
export type Setting = NotificationSetting | ReminderSetting;
export type SettingIn = Schemas['NotificationSettingIn'];
export type SettingPerson = Schemas['SettingPerson'];
export type TemplateVariable = Schemas['TemplateVariable'];
export type LeadMinutesRange = Schemas['LeadMinutesRange'];
export type Channel = Setting['channel'][number];
export type RecipientCode = Setting['recipientList'][number];

/** The action a setting is about, whichever family's name it carries. */
export const actionOf = (setting: Setting): string =>
  'notificationAction' in setting ? setting.notificationAction : setting.reminderAction;

// Both families answer the same shapes; only the path differs.
const PATHS = {
  notification: {
    list: '/notification-setting',
    one: '/notification-setting/{setting_id}',
    preview: '/notification-setting/preview',
    people: '/notification-setting/people',
  },
  reminder: {
    list: '/reminder-setting',
    one: '/reminder-setting/{setting_id}',
    preview: '/reminder-setting/preview',
    people: '/reminder-setting/people',
  },
} as const;

export const settingListQueryOptions = (family: SettingFamily) =>
  queryOptions({
    queryKey: settingKeys.list(family),
    queryFn: () => unwrap(api.GET(PATHS[family].list)),
  });

export const settingQueryOptions = (family: SettingFamily, id: number) =>
  queryOptions({
    queryKey: settingKeys.detail(family, id),
    queryFn: () => unwrap(api.GET(PATHS[family].one, { params: { path: { setting_id: id } } })),
    enabled: Number.isFinite(id),
  });

/** Active users, to name as recipients. */
export const settingPeopleQueryOptions = (family: SettingFamily) =>
  queryOptions({
    queryKey: settingKeys.people(family),
    queryFn: () => unwrap(api.GET(PATHS[family].people)),
    staleTime: 60_000,
  });

/** The template rendered with the action's sample values; a refused template throws the server's 422. */
export const previewQueryOptions = (family: SettingFamily, action: string, template: string) =>
  queryOptions({
    queryKey: settingKeys.preview(family, action, template),
    queryFn: () =>
      unwrap(
        family === 'notification'
          ? api.POST(PATHS.notification.preview, { body: { notificationAction: action, messageTemplate: template } })
          : api.POST(PATHS.reminder.preview, { body: { reminderAction: action, messageTemplate: template } }),
      ),
    staleTime: Infinity,
    retry: false,
  });

export function updateSetting(family: SettingFamily, id: number, body: SettingIn) {
  return unwrap(api.PUT(PATHS[family].one, { params: { path: { setting_id: id } }, body }));
}
