import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import FullCalendar, { useCalendarController, type DatesSetInfo, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Grid, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { scheduleCalendarQueryOptions } from '../api/schedule-api';
import type { CalendarMode, ScheduleRow } from '../api/types';
import { typeColor } from '../lib/activity-types';
import { dayHeading, dayKey, EVENT_HOURS } from '../lib/schedule';
import { ScheduleDayPanel } from './schedule-day-panel';
import type { ScheduleActions } from './schedule-item';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

const VIEWS: Record<CalendarMode, string> = { month: 'dayGridMonth', week: 'timeGridWeek' };
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme];

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

function EventChip({ info, dot }: { info: EventDisplayInfo; dot: boolean }) {
  const row = info.event.extendedProps.row as ScheduleRow;
  const color = typeColor(row.activityType);
  const time = dayjs(row.scheduleTime).format('HH:mm');
  const title = `${time} ${row.media} · ${row.clientName}`;
  if (dot) return <span className="schedule-event__dot" style={{ background: color.solid }} title={title} />;
  return (
    <span className="schedule-event__chip" style={{ background: color.soft, borderColor: color.solid }} title={title}>
      <span className="schedule-event__time">{time}</span>
      <span className="schedule-event__title">
        {row.media} · {row.clientName}
      </span>
    </span>
  );
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
    currentDate: dayjs().startOf(mode === 'month' ? 'month' : 'day').format('YYYY-MM-DD'),
    view: mode,
  }));
  const [day, setDay] = useState(() => dayKey(dayjs()));
  const [drawer, setDrawer] = useState(false);
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
        const start = dayjs(row.scheduleTime);
        return {
          id: String(row.id),
          title: `${row.media} · ${row.clientName}`,
          start: start.toDate(),
          end: start.add(EVENT_HOURS, 'hour').toDate(),
          color: typeColor(row.activityType).solid,
          extendedProps: { row },
        };
      }),
    [plans.data],
  );

  const openDay = (next: string) => {
    setDay(next);
    if (!side) setDrawer(true);
  };
  const stepDay = (next: string) => {
    setDay(next);
    // the panel's day leaves the calendar's range: the calendar follows it
    const view = controller.view;
    if (view && (dayjs(next).isBefore(view.currentStart, 'day') || !dayjs(next).isBefore(view.currentEnd, 'day'))) {
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
            {controller.view?.title ?? ''}
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
            firstDay={1}
            height="auto"
            fixedWeekCount={false}
            dayMaxEvents={phone ? false : 3}
            allDaySlot={false}
            slotMinTime="06:00:00"
            slotMaxTime="22:00:00"
            scrollTime="08:00:00"
            nowIndicator
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            dayHeaderFormat={mode === 'week' ? { weekday: 'short', day: 'numeric' } : { weekday: phone ? 'narrow' : 'short' }}
            events={events}
            eventContent={(info) => <EventChip info={info} dot={phone && mode === 'month'} />}
            eventClick={({ event, jsEvent }) => {
              jsEvent.preventDefault();
              onOpen(event.extendedProps.row as ScheduleRow);
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
          title={dayHeading(day)}
          className="schedule-day-drawer"
          destroyOnHidden
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
}
