import { queryDomains } from '@/lib/query-domains';
import type { SettingFamily } from '../lib/families';

const all = [queryDomains.notificationSettings] as const;

/** Notification and reminder settings, each family under its own key. */
export const settingKeys = {
  all,
  family: (family: SettingFamily) => [...all, family] as const,
  list: (family: SettingFamily) => [...all, family, 'list'] as const,
  detail: (family: SettingFamily, id: number) => [...all, family, 'detail', id] as const,
  people: (family: SettingFamily) => [...all, family, 'people'] as const,
  preview: (family: SettingFamily, action: string, template: string) =>
    [...all, family, 'preview', action, template] as const,
};
