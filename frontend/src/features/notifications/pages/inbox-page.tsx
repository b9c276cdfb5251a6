import { CheckOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { SavedViews } from '@/components/saved-views';
import { Page } from '@/components/page';
import type { NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { useListParams } from '@/components/data-table';
import {
  leadsElsewhere,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TABS,
  notificationListQueryOptions,
} from '../api/notifications-api';
import { NotificationItems } from '../components/notification-list';
import { NotificationItem } from '../components/notification-item';
import { useMarkAllRead } from '../components/use-mark-all-read';
import { useOpenNotification } from '../components/use-open-notification';

/** /user/inbox: every notification, by type, searchable, unread only, ten at a time. */
export function InboxPage() {
  const { user } = useSession();
  const location = useLocation();
  const focusId = (location.state as { focusId?: number } | null)?.focusId;
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

  const markAll = useMarkAllRead(type, 'All notifications marked as read');

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
          <SavedViews />
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
          <NotificationItems
            list={list}
            loading={list.isPending}
            placeholder={<Skeleton active paragraph={{ rows: 6 }} />}
            items={items}
          >
            {(n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                fading={fadingIds.has(n.id)}
                highlighted={n.id === focusId}
                onClick={leadsElsewhere(n) || !n.isRead ? open : undefined}
              />
            )}
          </NotificationItems>
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
