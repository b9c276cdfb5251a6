import type { components } from '@/lib/api/schema';
import type { MultipartBody } from '@/lib/api/multipart';

export type ActivityRow = components['schemas']['ActivityRow'];
export type ActivityDetail = components['schemas']['ActivityDetail'];
export type ActivityFiles = components['schemas']['ActivityFiles'];
export type ActivityFile = components['schemas']['FileOut'];
export type LeadPlan = components['schemas']['ScheduleRow'];
export type PicOption = components['schemas']['PicOption'];
/** POST /activity's multipart body: the spec's fields (spec 2 §7), `file` and `recording` several times each. */
export type ActivityForm = MultipartBody<'/activity', 'post'>;
/** The fields of POST /activity other than its files. */
export type ActivityCreate = Omit<ActivityForm, 'file' | 'recording'>;
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
/** A person's private calendar address (the address itself only in `CalendarFeedSaved`, once). */
export type CalendarFeed = components['schemas']['CalendarFeedOut'];
export type CalendarFeedSaved = components['schemas']['CalendarFeedSaved'];
