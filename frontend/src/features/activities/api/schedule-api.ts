import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { PLANS_STALE_MS } from './activities-api';
import { activityKeys } from './keys';
import type { CalendarMode, ScheduleIn, ScheduleTab, ScheduleUpdate } from './types';

/** Spec 2 §9: the schedule list's page size. */
export const SCHEDULE_PAGE_SIZE = 5;

/** One page of the Upcoming or History tab (the list's call: its Export runs it too). */
export const scheduleListPage = (eventType: ScheduleTab, search: string, page: number) =>
  unwrap(
    api.GET('/activity/schedule-list', {
      params: {
        query: {
          eventType,
          searchKeywords: search || undefined,
          itemsPerPage: SCHEDULE_PAGE_SIZE,
          currentPage: page,
        },
      },
    }),
  );

/** The Upcoming or History tab, five at a time; each next page is asked for while the last one said `hasMore`. */
export const scheduleListQueryOptions = (eventType: ScheduleTab, search: string) =>
  infiniteQueryOptions({
    queryKey: activityKeys.scheduleList({ eventType, search }),
    queryFn: ({ pageParam }) => scheduleListPage(eventType, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    staleTime: PLANS_STALE_MS,
  });

/** The schedules of the month's whole weeks (Monday first) or of the week around `currentDate` (YYYY-MM-DD). */
export const scheduleCalendarQueryOptions = (currentDate: string, view: CalendarMode, search: string) =>
  queryOptions({
    queryKey: activityKeys.scheduleCalendar({ currentDate, view, search }),
    queryFn: () =>
      unwrap(
        api.GET('/activity/schedule-calendar', {
          params: { query: { currentDate, view, search: search || undefined } },
        }),
      ),
    staleTime: PLANS_STALE_MS,
  });

/** The schedule form's clients: those of the leads the caller may work on. */
export const scheduleClientsQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.clients,
    queryFn: () => unwrap(api.GET('/activity/client')),
    staleTime: PLANS_STALE_MS,
  });

/** The client's leads the caller may plan on. */
export const scheduleProjectsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: activityKeys.projects(clientId),
    queryFn: () => unwrap(api.GET('/activity/project/{client_id}', { params: { path: { client_id: clientId } } })),
    staleTime: PLANS_STALE_MS,
  });

/** POST /activity/schedule: the server's message names what was set. */
export const createSchedule = (body: ScheduleIn) => unwrap(api.POST('/activity/schedule', { body }));

/** PUT /activity/schedule: the caller's own plan, still to come. */
export const updateSchedule = (body: ScheduleUpdate) => unwrap(api.PUT('/activity/schedule', { body }));

/** DELETE /activity/schedule/{id}. */
export const removeSchedule = (id: number) =>
  unwrap(api.DELETE('/activity/schedule/{schedule_id}', { params: { path: { schedule_id: id } } }));

/** Whether the caller's private calendar address is on (the address itself is shown once, when made). */
export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.calendarFeed, queryFn: () => unwrap(api.GET('/activity/calendar-feed')) });

/** A new private calendar address: the one before it stops working. The answer is the only time it is shown. */
export const makeCalendarFeed = (includeTeam: boolean) =>
  unwrap(api.POST('/activity/calendar-feed', { body: { includeTeam } }));

/** Whether the address includes the team's plans (the address stays). */
export const changeCalendarFeed = (includeTeam: boolean) =>
  unwrap(api.PUT('/activity/calendar-feed', { body: { includeTeam } }));

/** Turn the address off: calendars subscribed to it get nothing more. */
export const turnOffCalendarFeed = () => unwrap(api.DELETE('/activity/calendar-feed'));
