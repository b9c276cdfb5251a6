/**
 * The two families of settings: the same screens and calls, each behind its own page access (the server's
 * /notification-setting for system/notification-management, /reminder-setting for system/reminder-management).
 */
export type SettingFamily = 'notification' | 'reminder';

export interface FamilyInfo {
  family: SettingFamily;
  /** The page code whose access flags gate the screens. */
  page: string;
  listPath: string;
  title: string;
  subtitle: string;
  /** The toast after a save. */
  saved: string;
  noAccessText: string;
}

export const FAMILIES: Record<SettingFamily, FamilyInfo> = {
  notification: {
    family: 'notification',
    page: 'system/notification-management',
    listPath: '/system/notification-management',
    title: 'Notification Management',
    subtitle:
      'How people are told about approval requests and PIDs: the channels, who receives each message and what it says.',
    saved: 'Notification setting saved.',
    noAccessText: 'You do not have access to view the notification settings.',
  },
  reminder: {
    family: 'reminder',
    page: 'system/reminder-management',
    listPath: '/system/reminder-management',
    title: 'Reminder Management',
    subtitle: 'When people are reminded of planned activities and leads left without contact, how, and what it says.',
    saved: 'Reminder setting saved.',
    noAccessText: 'You do not have access to view the reminder settings.',
  },
};
