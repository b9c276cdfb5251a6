import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tabs, Tag } from 'antd';
import { ExportButton } from '@/components/data-table';
import { errorMessage } from '@/lib/api/errors';
import { scheduleListPage, scheduleListQueryOptions } from '../api/schedule-api';
import type { ScheduleTab } from '../api/types';
import { dayHeading, dayKey, groupByDay } from '../lib/schedule';
import { ScheduleItem, type ScheduleActions } from './schedule-item';

export const NO_SCHEDULE_YET = 'There are no schedule yet.';
/** What an export of a tab holds: its plans as the list shows them, one a row. */
export const SCHEDULE_EXPORT_COLUMNS = [
  { key: 'scheduleTime', title: 'When' },
  { key: 'media', title: 'Activity' },
  { key: 'clientName', title: 'Client' },
  { key: 'projectName', title: 'Project' },
  { key: 'picName', title: 'PIC' },
  { key: 'scheduleNotes', title: 'Notes' },
  { key: 'ownerName', title: 'Owner' },
];

/** The list view (spec 2 §2.10, §4.5): Upcoming or History, grouped by day, five more at a time. */
export function ScheduleList({
  tab,
  search,
  onTab,
  actions,
}: {
  tab: ScheduleTab;
  search: string;
  onTab: (tab: ScheduleTab) => void;
  actions: ScheduleActions;
}) {
  const list = useInfiniteQuery(scheduleListQueryOptions(tab, search));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const today = dayKey(new Date());
  return (
    <div className="schedule-list">
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as ScheduleTab)}
        items={[
          { key: 'upcoming', label: 'Upcoming' },
          { key: 'history', label: 'History' },
        ]}
        className="schedule-list__tabs"
        tabBarExtraContent={
          <ExportButton
            title={tab === 'upcoming' ? 'Upcoming activities' : 'Activity history'}
            columns={SCHEDULE_EXPORT_COLUMNS}
            run={() => scheduleListPage(tab, search, 1)}
          />
        }
      />
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.isError && rows.length === 0 ? (
        <Alert type="error" showIcon title="Error loading data" description={errorMessage(list.error)} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_SCHEDULE_YET} className="schedule-list__empty" />
      ) : (
        <>
          {groupByDay(rows).map((group) => (
            <section key={group.day} className="schedule-day" aria-label={dayHeading(group.day)}>
              <h4 className="schedule-day__heading">
                {dayHeading(group.day)}
                {group.day === today && <Tag color="blue">Today</Tag>}
              </h4>
              <ul className="schedule-items">
                {group.items.map((row) => (
                  <ScheduleItem key={row.id} row={row} actions={actions} />
                ))}
              </ul>
            </section>
          ))}
          {list.hasNextPage && (
            <div className="schedule-list__more">
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
