import type { components } from '@/lib/api/schema';
import type { MultipartBody } from '@/lib/api/multipart';

export type ActivityRow = components['schemas']['ActivityRow'];
export type ActivityDetail = components['schemas']['ActivityDetail'];
export type ActivityFiles = components['schemas']['ActivityFiles'];
export type ActivityFile = components['schemas']['FileOut'];
export type LeadPlan = components['schemas']['ScheduleRow'];
export type PicOption = components['schemas']['PicOption'];
export type ActivityForm = MultipartBody<'/activity', 'post'>;
/** The `data` part of POST /activity. */
export type ActivityCreate = ActivityForm['data'];
export type ScheduleItem = NonNullable<ActivityCreate['schedule']>[number];
export type Place = NonNullable<ActivityCreate['location']>;
export type ScheduleRow = components['schemas']['ScheduleRow'];
export type ScheduleList = components['schemas']['ScheduleList'];
export type ScheduleIn = components['schemas']['ScheduleIn'];
export type ScheduleUpdate = components['schemas']['ScheduleUpdate'];
export type ClientOption = components['schemas']['ActivityClientOption'];
export type ProjectOption = components['schemas']['ProjectOption'];
export type ScheduleTab = 'upcoming' | 'history';
export type CalendarMode = 'month' | 'week';
