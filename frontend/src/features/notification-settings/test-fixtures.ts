import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import type { NotificationSetting, ReminderSetting, TemplateVariable } from './api/settings-api';
import { NotificationSettingPage, ReminderSettingPage } from './pages/setting-edit-page';
import { NotificationManagementPage, ReminderManagementPage } from './pages/settings-index-page';

/** What both families' settings share (all but how their action is named). */
type Common = Omit<NotificationSetting, 'notificationAction'>;

const REQUEST_PEOPLE: Common['recipientOptions'] = [
  { code: 'REQUESTER', label: 'The requester' },
  { code: 'APPROVERS', label: 'The approvers asked' },
  { code: 'SALES_PERSON', label: "The lead's sales person" },
  { code: 'TEAM_LEADER', label: "The sales person's team leader" },
  { code: 'USERS', label: 'Named users' },
];
const LEAD_PEOPLE: Common['recipientOptions'] = [
  { code: 'SALES_PERSON', label: 'The sales person who planned it' },
  { code: 'TEAM_LEADER', label: 'Their team leader' },
  { code: 'USERS', label: 'Named users' },
];
const variable = (name: string, sample: string, optional = false): TemplateVariable => ({
  name,
  description: `The ${name.replace('_', ' ')}`,
  sample,
  optional,
});

function common(overrides: Partial<Common>): Common {
  return {
    id: 1,
    category: 'NOTIFICATION',
    label: 'Request submitted',
    description: 'An approval request reaches a layer: its approvers are asked to decide.',
    type: 'APPROVAL',
    kind: 'REQUESTED',
    channel: ['IN_APP'],
    recipientList: ['APPROVERS'],
    users: [],
    messageTemplate: '{{ requester }} asks to {{ request }}.',
    leadMinutes: null,
    hasLeadTime: false,
    leadMinutesRange: null,
    fixedDays: [],
    recipientOptions: REQUEST_PEOPLE,
    variables: [
      variable('requester', 'Sari Dewi'),
      variable('request', 'move Core Banking'),
      variable('client', 'PT Maju', true),
    ],
    defaultTemplate: '{{ requester }} asks to {{ request }}.',
    preview: 'Sari Dewi asks to move Core Banking.',
    updatedAt: '2026-03-05T07:30:00Z',
    updatedBy: null,
    version: 3,
    ...overrides,
  };
}

/** A setting as GET /notification-setting answers it (spec 1 §3: its action is `notificationAction`). */
export function setting(action = 'REQUEST_SUBMITTED', overrides: Partial<Common> = {}): NotificationSetting {
  return { ...common(overrides), notificationAction: action };
}

/** A setting as GET /reminder-setting answers it (its action is `reminderAction`). */
export function reminderSetting(action: string, overrides: Partial<Common> = {}): ReminderSetting {
  return { ...common({ category: 'REMINDER', ...overrides }), reminderAction: action };
}

export const REQUEST_SUBMITTED = setting();
export const REQUEST_DECIDED = setting('REQUEST_DECIDED', {
  id: 2,
  label: 'Request decided',
  description: 'An approver decides a request that still waits for others.',
  type: 'INFORMATION',
  kind: 'INFO',
  channel: [],
  recipientList: ['REQUESTER'],
  messageTemplate: '{{ requester }} was answered.',
  preview: 'Sari Dewi was answered.',
});
export const PID_GENERATED = setting('PID_GENERATED', {
  id: 5,
  label: 'PID generated',
  description: 'A project ID number is generated for a lead.',
  type: 'INFORMATION',
  kind: 'INFO',
  channel: ['IN_APP', 'EMAIL'],
  recipientList: ['SALES_PERSON', 'USERS'],
  users: [{ id: 31, fullname: 'Rina Wijaya' }],
  recipientOptions: LEAD_PEOPLE,
  messageTemplate: 'PID {{ pid }} for {{ project }}.',
  preview: 'PID PID/2026/11/0042 for Core Banking.',
  updatedAt: '2026-03-06T02:05:00Z',
  updatedBy: 'Admin Satu',
});

export const SCHEDULE_STARTING = reminderSetting('SCHEDULE_STARTING', {
  id: 6,
  label: 'Activity schedule starting',
  description: 'A planned meeting, presentation or demo is about to start.',
  type: 'INFORMATION',
  kind: 'REMINDER',
  recipientList: ['SALES_PERSON'],
  recipientOptions: LEAD_PEOPLE,
  messageTemplate: 'Reminder: {{ activity }} at {{ time }}.',
  defaultTemplate: 'Reminder: {{ activity }} at {{ time }}.',
  preview: 'Reminder: Meeting at 27-Nov-2026 10:00 WIB.',
  variables: [variable('activity', 'Meeting'), variable('time', '27-Nov-2026 10:00 WIB'), variable('minutes', '30')],
  leadMinutes: 30,
  hasLeadTime: true,
  leadMinutesRange: { min: 5, max: 10080 },
});
export const LEAD_NOT_CONTACTED = reminderSetting('LEAD_NOT_CONTACTED', {
  id: 7,
  label: 'Lead not contacted',
  description: 'An ongoing lead reaches 30, then 90 days without contact.',
  type: 'INFORMATION',
  kind: 'REMINDER',
  recipientList: ['SALES_PERSON'],
  recipientOptions: LEAD_PEOPLE,
  messageTemplate: "'{{ project }}' has not been contacted for {{ days }} days.",
  preview: "'Core Banking' has not been contacted for 30 days.",
  variables: [variable('project', 'Core Banking'), variable('days', '30')],
  fixedDays: [30, 90],
});

export const PEOPLE = [
  { id: 30, fullname: 'Budi Santoso' },
  { id: 31, fullname: 'Rina Wijaya' },
  { id: 32, fullname: 'Sari Dewi' },
];

/** The preview the fake server renders: each `{{ name }}` replaced by the variable's sample. */
export function renderSample(template: string, variables: TemplateVariable[]): string {
  const samples = new Map(variables.map((v) => [v.name, v.sample]));
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => samples.get(name) ?? `?${name}?`).trim();
}

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/notification-management', Component: NotificationManagementPage },
  { path: '/system/notification-management/:settingId', Component: NotificationSettingPage },
  { path: '/system/reminder-management', Component: ReminderManagementPage },
  { path: '/system/reminder-management/:settingId', Component: ReminderSettingPage },
];

export const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };

/** Which family of settings an address shows. */
export const familyOf = (path: string) => (path.startsWith('/system/reminder') ? 'reminder' : 'notification');

/**
 * Opens `path` signed in with `flags` on its family's management page, the API answered by `handler` (and the
 * session stub); returns the requests sent and the router.
 */
export async function renderSettings(path: string, flags: PageFlags, handler: ApiHandler) {
  setToken('a');
  const page = `system/${familyOf(path)}-management`;
  const session = makeSession({ pageAccess: { [page]: flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, `/${page}`] }, handler);
  return { requests, ...(await renderRoutes(pages, path)) };
}
