import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.activities] as const;

/** Every query key of the activities feature (a lead's activities and plans, one activity, its files, the schedule
 *  page's list, calendar and form lookups). */
export const activityKeys = {
  all,
  ofLead: (leadId: number) => [...all, 'lead', leadId] as const,
  plansOfLead: (leadId: number) => [...all, 'plans', leadId] as const,
  pics: (leadId: number) => [...all, 'pics', leadId] as const,
  detail: (leadId: number, activityId: number) => [...all, 'detail', leadId, activityId] as const,
  files: (leadId: number, activityId: number) => [...all, 'files', leadId, activityId] as const,
  mapConfig: [...all, 'map-config'] as const,
  media: (leadId: number, kind: 'recordings' | 'photos', key: string) => [...all, 'media', leadId, kind, key] as const,
  schedule: [...all, 'schedule'] as const,
  scheduleList: (params: { eventType: string; search: string }) => [...all, 'schedule', 'list', params] as const,
  scheduleCalendar: (params: { currentDate: string; view: string; search: string }) =>
    [...all, 'schedule', 'calendar', params] as const,
  calendarFeed: [...all, 'calendar-feed'] as const,
  clients: [...all, 'clients'] as const,
  projects: (clientId: number) => [...all, 'projects', clientId] as const,
};
