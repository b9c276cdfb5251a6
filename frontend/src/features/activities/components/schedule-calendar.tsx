import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import FullCalendar, { useCalendarController, type DatesSetInfo, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Grid, Segmented, Space, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '@/components/dialogs';
import { serverMessages } from '@/lib/api/errors';
import { businessTime, formatDateRange, formatMonthLong, formatTime, isoDate, timeZone } from '@/lib/format';
import { activityKeys } from '../api/keys';
import { scheduleCalendarQueryOptions, updateSchedule } from '../api/schedule-api';
import type { CalendarMode, ScheduleRow } from '../api/types';
import { typeColor } from '../lib/activity-types';
import { dayKey, EVENT_HOURS, movedTo } from '../lib/schedule';
import { ScheduleDayPanel } from './schedule-day-panel';
import type { ScheduleActions } from './schedule-item';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

const VIEWS: Record<CalendarMode, string> = { month: 'dayGridMonth', week: 'timeGridWeek' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme];
export const MOVE_FAILED = 'The plan was not moved.';

export interface ScheduleCalendarProps {
  mode: CalendarMode;
  onMode: (mode: CalendarMode) => void;
  search: string;
  /** The search box, in the calendar's toolbar. */
  searchBox: ReactNode;
  actions: ScheduleActions;
  /** An event was clicked: its form when it may be changed, else its detail. */
  onOpen: (row: ScheduleRow) => void;
}

/** An event: its time and client on a tinted chip with its type's edge; a dot in a phone's month, the time alone in a
 *  phone's week (the type is its colour, the whole plan in its tooltip). */
function EventChip({ info, size }: { info: EventDisplayInfo; size: 'dot' | 'time' | 'full' }) {
  const row = info.event.extendedProps.row as ScheduleRow;
  const color = typeColor(row.activityType);
  const time = formatTime(row.scheduleTime);
  const tip = `${time} ${row.media} · ${row.clientName} · ${row.projectName}`;
  if (size === 'dot') return <span className="schedule-event__dot" style={{ background: color.solid }} title={tip} />;
  return (
    <span className="schedule-event__chip" style={{ background: color.soft, borderColor: color.solid }} title={tip}>
      <span className="schedule-event__time">{time}</span>
      {size === 'full' && <span className="schedule-event__title">{row.clientName}</span>}
    </span>
  );
}

/** The shown range's title: "November 2026", or a week's "23-Nov-2026 – 29-Nov-2026" (the calendar's days are the
 *  business's: TIME_ZONE's). */
function rangeTitle(start: Date, end: Date, mode: CalendarMode): string {
  if (mode === 'month') return formatMonthLong(start);
  return formatDateRange(start, businessTime(end)!.subtract(1, 'day'));
}

/**
 * The calendar view (spec 2 §2.10, §9): a month (the default) or a week, Monday first, with Today, previous and next;
 * each plan one hour long in its type's colour. A day opens its plans beside the calendar (in a drawer on a phone).
 */
export default function ScheduleCalendar({ mode, onMode, search, searchBox, actions, onOpen }: ScheduleCalendarProps) {
  const controller = useCalendarController();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const side = screens.lg !== false;
  const [range, setRange] = useState<{ currentDate: string; view: CalendarMode }>(() => ({
    currentDate: isoDate(businessTime(new Date())!.startOf(mode === 'month' ? 'month' : 'day')),
    view: mode,
  }));
  const [day, setDay] = useState(() => dayKey(new Date()));
  const [drawer, setDrawer] = useState(false);
  const queryClient = useQueryClient();
  const plans = useQuery({
    ...scheduleCalendarQueryOptions(range.currentDate, range.view, search),
    placeholderData: keepPreviousData,
  });

  // the URL's view (Month or Week) drives the calendar
  useEffect(() => {
    if (controller.view && controller.view.type !== VIEWS[mode]) controller.changeView(VIEWS[mode]);
  }, [controller, mode]);

  const events = useMemo(
    () =>
      (plans.data ?? []).map((row) => {
        const start = businessTime(row.scheduleTime)!;
        return {
          id: String(row.id),
          title: `${row.media} · ${row.clientName}`,
          start: start.toDate(),
          end: start.add(EVENT_HOURS, 'hour').toDate(),
          // one's own plans still to come are dragged to another day (month) or time (week), at a desk
          startEditable: actions.canWrite && row.editable && !phone,
          durationEditable: false,
          // the chip draws the event (eventContent): FullCalendar's own box stays clear
          color: 'transparent',
          contrastColor: '#0f172a',
          extendedProps: { row },
        };
      }),
    [plans.data, actions.canWrite, phone],
  );

  /** A plan dropped on another day or time is saved there, as its form would save it; refused, it goes back. */
  const move = async ({ event, revert }: { event: { start: Date | null; extendedProps: Record<string, unknown> }; revert: () => void }) => {
    const row = event.extendedProps.row as ScheduleRow;
    if (!event.start) return revert();
    try {
      const saved = await updateSchedule(movedTo(row, event.start));
      toast.success(saved.message);
    } catch (error) {
      revert();
      toast.error(MOVE_FAILED, serverMessages(error).join(' ') || undefined);
    }
    await queryClient.invalidateQueries({ queryKey: activityKeys.all });
  };

  const openDay = (next: string) => {
    setDay(next);
    if (!side) setDrawer(true);
  };
  const stepDay = (next: string) => {
    setDay(next);
    // the panel's day leaves the calendar's range: the calendar follows it
    const view = controller.view;
    if (view && (next < dayKey(view.currentStart) || next >= dayKey(view.currentEnd))) {
      controller.gotoDate(next);
    }
  };
  const datesSet = ({ view }: DatesSetInfo) => {
    const next = { currentDate: dayKey(view.currentStart), view: view.type === VIEWS.week ? 'week' : 'month' } as const;
    setRange((r) => (r.currentDate === next.currentDate && r.view === next.view ? r : next));
  };

  const panel = (
    <ScheduleDayPanel day={day} search={search} onDay={stepDay} actions={actions} onOpen={onOpen} />
  );

  return (
    <div className={side ? 'schedule-calendar schedule-calendar--side' : 'schedule-calendar'}>
      <div className="schedule-calendar__main">
        <div className="schedule-calendar__toolbar">
          <Space.Compact>
            <Button onClick={() => controller.today()}>Today</Button>
            <Button icon={<LeftOutlined />} aria-label="Previous" onClick={() => controller.prev()} />
            <Button icon={<RightOutlined />} aria-label="Next" onClick={() => controller.next()} />
          </Space.Compact>
          <Typography.Title level={5} className="schedule-calendar__title">
            {controller.view ? rangeTitle(controller.view.currentStart, controller.view.currentEnd, mode) : ''}
          </Typography.Title>
          <div className="schedule-calendar__tools">
            {searchBox}
            <Segmented
              value={mode}
              onChange={(v) => onMode(v as CalendarMode)}
              options={[
                { value: 'month', label: 'Month' },
                { value: 'week', label: 'Week' },
              ]}
            />
          </div>
        </div>
        <div className={`schedule-calendar__grid schedule-calendar__grid--${mode}`} aria-busy={plans.isFetching}>
          <FullCalendar
            controller={controller}
            plugins={PLUGINS}
            initialView={VIEWS[mode]}
            headerToolbar={false}
            timeZone={timeZone()}
            firstDay={1}
            height="auto"
            fixedWeekCount={false}
            eventDisplay="block"
            dayMaxEvents={3}
            allDaySlot={false}
            slotMinTime="06:00:00"
            slotMaxTime="22:00:00"
            scrollTime="08:00:00"
            nowIndicator
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            dayHeaderContent={({ date }) => {
              const d = businessTime(date)!;
              const weekday = phone ? WEEKDAYS[d.day()].slice(0, 1) : WEEKDAYS[d.day()];
              return mode === 'week' ? (
                <span className="schedule-calendar__weekday">
                  {weekday} <b>{d.date()}</b>
                </span>
              ) : (
                weekday
              );
            }}
            events={events}
            eventContent={(info) => <EventChip info={info} size={!phone ? 'full' : mode === 'month' ? 'dot' : 'time'} />}
            editable={!phone}
            eventDurationEditable={false}
            // a plan is moved to a time still to come
            eventAllow={(span) => span.start.getTime() > Date.now()}
            eventDrop={(info) => void move(info)}
            eventClick={({ event, jsEvent }) => {
              jsEvent.preventDefault();
              const row = event.extendedProps.row as ScheduleRow;
              // a phone's month shows dots too small to aim at: a tap opens the day's plans
              if (phone && mode === 'month') openDay(dayKey(row.scheduleTime));
              else onOpen(row);
            }}
            dateClick={({ date }) => openDay(dayKey(date))}
            moreLinkClick={({ date }) => openDay(dayKey(date))}
            datesSet={datesSet}
            dayCellClass={(info) => (dayKey(info.date) === day ? 'schedule-calendar__day--chosen' : undefined)}
          />
        </div>
      </div>
      {side ? (
        <aside className="schedule-calendar__side">{panel}</aside>
      ) : (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="bottom"
          size="70vh"
          title="Day Schedule"
          className="schedule-day-drawer"
          destroyOnHidden
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
}
