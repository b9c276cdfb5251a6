import type { RouteObject } from 'react-router';

const settingsIndex = () => import('./pages/settings-index-page');
const settingsEdit = () => import('./pages/setting-edit-page');

/** Notification and reminder settings (spec 1 §3): one list and one setting page per family. */
export const notificationSettingRoutes: RouteObject[] = [
  {
    path: '/system/notification-management',
    lazy: () => settingsIndex().then((m) => ({ Component: m.NotificationManagementPage })),
  },
  {
    path: '/system/notification-management/:settingId',
    lazy: () => settingsEdit().then((m) => ({ Component: m.NotificationSettingPage })),
  },
  {
    path: '/system/reminder-management',
    lazy: () => settingsIndex().then((m) => ({ Component: m.ReminderManagementPage })),
  },
  {
    path: '/system/reminder-management/:settingId',
    lazy: () => settingsEdit().then((m) => ({ Component: m.ReminderSettingPage })),
  },
];
