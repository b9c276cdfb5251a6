import { CalendarOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SavedViews } from '@/components/saved-views';
import { useListParams } from '@/components/data-table';
import { showConfirm, toast } from '@/components/dialogs';
import { Page } from '@/components/page';
import { serverMessages } from '@/lib/api/errors';
import { formatTime } from '@/lib/format';
import { usePageAccess, useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { activityKeys } from '../api/keys';
import { removeSchedule, SCHEDULE_PAGE_SIZE } from '../api/schedule-api';
import type { CalendarMode, ScheduleRow, ScheduleTab } from '../api/types';
import { CalendarFeedButton } from '../components/calendar-feed';
import { ScheduleDetailModal } from '../components/schedule-detail';
import { ScheduleFormModal, type ScheduleFormTarget } from '../components/schedule-form';
import type { ScheduleActions } from '../components/schedule-item';
import { ScheduleList } from '../components/schedule-list';
import { dayHeading } from '../lib/schedule';
import '../activities.css';
import '../schedule.css';

// the calendar (FullCalendar) loads with its view only
const ScheduleCalendar = lazy(() => import('../components/schedule-calendar'));

export const REMOVE_TITLE = 'Remove Activity Schedule?';
export const REMOVE_FAILED = 'Failed to remove Activity Schedule.';
/** Spec 2 §9: the board's search debounce, used for every search typed here. */
const SEARCH_DEBOUNCE_MS = 500;

/** The search box: the term goes to the URL once typing pauses, and follows the URL on Back. */
function ScheduleSearch({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searched = useRef(debounced);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    // only a newly typed term searches (the box following the URL on Back does not)
    if (debounced === searched.current) return;
    searched.current = debounced;
    if (debounced.trim() !== value) onSearch(debounced.trim());
  }, [debounced, value, onSearch]);
  return (
    <Input.Search
      allowClear
      className="schedule-search"
      placeholder="Search schedule"
      aria-label="Search schedule"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(term) => onSearch(term.trim())}
    />
  );
}

/**
 * /activity-schedule (spec 2 §2.10, §3.5, §4.5): the planned meetings, presentations and demos as a list (Upcoming
 * and History) or a calendar (month or week). Those who may write leads add plans and change or remove their own
 * still to come; a team leader and top management read the team's. The view, tab and search live in the URL.
 */
export function ActivitySchedulePage() {
  const canWrite = usePageAccess('leads').isWrite;
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useListParams({
    pageSize: SCHEDULE_PAGE_SIZE,
    filters: { view: 'list', tab: 'upcoming', mode: 'month' },
  });
  const view = params.filters.view === 'calendar' ? 'calendar' : 'list';
  const tab: ScheduleTab = params.filters.tab === 'history' ? 'history' : 'upcoming';
  const mode: CalendarMode = params.filters.mode === 'week' ? 'week' : 'month';
  const [form, setForm] = useState<ScheduleFormTarget | null>(null);
  const [detail, setDetail] = useState<ScheduleRow | null>(null);

  const remove = (row: ScheduleRow) => {
    const when = row.scheduleTime;
    void showConfirm({
      title: REMOVE_TITLE,
      content: `Do you want to remove the ${row.media} with ${row.clientName} on ${dayHeading(when)} at ${formatTime(when)}?`,
      okText: 'Remove',
      danger: true,
      onOk: async () => {
        try {
          const done = await removeSchedule(row.id);
          toast.success(done.message);
        } catch (error) {
          toast.error(REMOVE_FAILED, serverMessages(error).join(' ') || undefined);
        }
        await queryClient.invalidateQueries({ queryKey: activityKeys.all });
      },
    });
  };

  const actions: ScheduleActions = {
    canWrite,
    userId: user?.id ?? 0,
    onEdit: (row) => setForm({ row }),
    onRemove: remove,
  };
  const open = (row: ScheduleRow) => (canWrite && row.editable ? setForm({ row }) : setDetail(row));
  const search = <ScheduleSearch value={params.search} onSearch={(term) => setParams({ search: term })} />;

  return (
    <Page
      className="schedule-page"
      card
      cardClassName="schedule-card"
      title="Activity Schedule"
      subtitle="The meetings, presentations and demos planned with your clients."
      actions={
        <>
          <SavedViews />
          {view === 'list' ? (
            <Button icon={<CalendarOutlined />} onClick={() => setParams({ filters: { view: 'calendar' } })}>
              Calendar View
            </Button>
          ) : (
            <Button icon={<UnorderedListOutlined />} onClick={() => setParams({ filters: { view: 'list' } })}>
              List View
            </Button>
          )}
          <CalendarFeedButton />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})}>
              Add Schedule
            </Button>
          )}
        </>
      }
    >
      <div className="schedule-body">
        {view === 'list' ? (
          <>
            <div className="schedule-card__search">{search}</div>
            <ScheduleList
              tab={tab}
              search={params.search}
              onTab={(next) => setParams({ filters: { tab: next } })}
              actions={actions}
            />
          </>
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
            <ScheduleCalendar
              mode={mode}
              onMode={(next) => setParams({ filters: { mode: next } })}
              search={params.search}
              searchBox={search}
              actions={actions}
              onOpen={open}
            />
          </Suspense>
        )}
      </div>
      <ScheduleFormModal target={form} onClose={() => setForm(null)} />
      <ScheduleDetailModal row={detail} onClose={() => setDetail(null)} />
    </Page>
  );
}
