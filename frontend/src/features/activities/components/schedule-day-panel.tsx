import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { scheduleCalendarQueryOptions } from '../api/schedule-api';
import { dayHeading, dayKey } from '../lib/schedule';
import { ScheduleItem, type ScheduleActions } from './schedule-item';

export const NO_SCHEDULE = 'No Schedule...';

/**
 * One day's plans (spec 2 §2.10): previous and next day, 'Today' on today, each plan with its menu on one's own plans
 * still to come. The day's month is read through the calendar's own query (cached with the month view).
 */
export function ScheduleDayPanel({
  day,
  search,
  onDay,
  actions,
  onOpen,
}: {
  day: string;
  search: string;
  onDay: (day: string) => void;
  actions: ScheduleActions;
  onOpen: (row: Parameters<ScheduleActions['onEdit']>[0]) => void;
}) {
  const month = dayjs(day).startOf('month').format('YYYY-MM-DD');
  const plans = useQuery({ ...scheduleCalendarQueryOptions(month, 'month', search) });
  const items = (plans.data ?? []).filter((row) => dayKey(row.scheduleTime) === day);
  const isToday = day === dayKey(new Date());
  const step = (n: number) => onDay(dayjs(day).add(n, 'day').format('YYYY-MM-DD'));
  return (
    <div className="schedule-day-panel" aria-label="Day schedule">
      <div className="schedule-day-panel__head">
        <Button type="text" icon={<LeftOutlined />} aria-label="Previous day" onClick={() => step(-1)} />
        <div className="schedule-day-panel__title">
          <Typography.Text strong>{dayHeading(day)}</Typography.Text>
          {isToday && <Tag color="blue">Today</Tag>}
        </div>
        <Button type="text" icon={<RightOutlined />} aria-label="Next day" onClick={() => step(1)} />
      </div>
      {plans.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_SCHEDULE} className="schedule-day-panel__empty" />
      ) : (
        <ul className="schedule-items">
          {items.map((row) => (
            <ScheduleItem key={row.id} row={row} actions={actions} onOpen={() => onOpen(row)} />
          ))}
        </ul>
      )}
    </div>
  );
}
