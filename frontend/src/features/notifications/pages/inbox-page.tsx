import { CheckOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '@/components/dialogs';
import { Page } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import type { NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { notificationKeys } from '../api/keys';
import { useListParams } from '@/components/data-table';
import {
  leadsElsewhere,
  NOTIFICATION_PAGE_SIZE,
  markAllNotificationsRead,
  NOTIFICATION_TABS,
  notificationListQueryOptions,
} from '../api/notifications-api';
import { EMPTY_NOTIFICATIONS_TEXT } from '../components/notification-list';
import { NotificationItem } from '../components/notification-item';
import { useOpenNotification } from '../components/use-open-notification';

/** /user/inbox: every notification, by type, searchable, unread only, ten at a time. */
export function InboxPage() {
  const { user } = useSession();
  const location = useLocation();
  const focusId = (location.state as { focusId?: number } | null)?.focusId;
  const queryClient = useQueryClient();
  // the tab, the search and "unread only" live in the URL: Back and a shared link return to the same view
  const [listParams, setListParams] = useListParams({
    pageSize: NOTIFICATION_PAGE_SIZE,
    filters: { type: 'ALL', unread: '' },
  });
  const type = listParams.filters.type as NotificationFilter;
  const unread = listParams.filters.unread === 'true';
  const search = listParams.search;
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const setType = (next: NotificationFilter) => setListParams({ filters: { type: next } });
  const setUnread = (next: boolean) => setListParams({ filters: { unread: next ? 'true' : '' } });
  const setSearch = (next: string) => setListParams({ search: next });

  const params = useMemo(() => ({ userId: user?.id, type, search, unread }), [user?.id, type, search, unread]);
  const list = useInfiniteQuery(notificationListQueryOptions(params));
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  // In the inbox, opening a notification marks it read in place, then goes where it leads (when not here).
  const { open, fadingIds } = useOpenNotification({ fade: false, navigateFor: leadsElsewhere });

  const markAll = useMutation({
    mutationFn: () => markAllNotificationsRead(type, user?.id),
    onSuccess: () => {
      toast.success('All notifications marked as read');
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Notifications could not be marked as read')),
  });

  useEffect(() => {
    if (focusId === undefined) return;
    const el = document.querySelector(`[data-notification-id="${focusId}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusId, items.length]);

  return (
    <Page
      width="form"
      title="Inbox"
      subtitle="Approvals waiting for you and updates on your work."
      actions={
        <Button icon={<CheckOutlined />} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all as read
        </Button>
      }
    >
      <Card variant="borderless" className="inbox-card">
        <Tabs
          activeKey={type}
          onChange={(key) => setType(key as NotificationFilter)}
          items={NOTIFICATION_TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        <Flex gap={12} wrap align="center" className="inbox-card__filters">
          <Input.Search
            allowClear
            placeholder="Search notifications"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (e.target.value === '') setSearch('');
            }}
            onSearch={(value) => setSearch(value.trim())}
            style={{ maxWidth: 360 }}
          />
          <Flex align="center" gap={8}>
            <Switch checked={unread} onChange={setUnread} aria-label="Unread only" size="small" />
            <Typography.Text>Unread only</Typography.Text>
          </Flex>
        </Flex>
        <div className="inbox-list">
          {list.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : list.isError ? (
            <Empty description={errorMessage(list.error, 'Notifications could not be loaded')} />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_NOTIFICATIONS_TEXT} />
          ) : (
            items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                fading={fadingIds.has(n.id)}
                highlighted={n.id === focusId}
                onClick={leadsElsewhere(n) || !n.isRead ? open : undefined}
              />
            ))
          )}
        </div>
        {list.hasNextPage && (
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Load more
            </Button>
          </Flex>
        )}
      </Card>
    </Page>
  );
}
