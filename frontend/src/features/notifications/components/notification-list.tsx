import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import type { Notification, NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { INBOX_PATH, limitedNotificationsQueryOptions, NOTIFICATION_TABS } from '../api/notifications-api';
import { NotificationItem } from './notification-item';
import { NotificationListHead, NotificationListLoading } from './notification-panel-frame';
import { useMarkAllRead } from './use-mark-all-read';
import { useOpenNotification } from './use-open-notification';
import './notifications.css';

export const EMPTY_NOTIFICATIONS_TEXT = 'No notification...';

export interface NotificationItemsProps {
  /** The query that lists them: its refusal is shown in their place. */
  list: { isError: boolean; error: unknown };
  /** Whether the first answer is still awaited. */
  loading: boolean;
  /** What stands in their place meanwhile. */
  placeholder: ReactNode;
  items: Notification[];
  children: (notification: Notification) => ReactNode;
}

/** A list's notifications (the bell's, the inbox's), or what stands in their place: loading, refused, none. */
export function NotificationItems({ list, loading, placeholder, items, children }: NotificationItemsProps) {
  if (loading) return placeholder;
  if (list.isError) return <Empty description={errorMessage(list.error, 'Notifications could not be loaded')} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_NOTIFICATIONS_TEXT} />;
  return <>{items.map(children)}</>;
}

export interface NotificationListProps {
  /** Fetch the list (the bell's panel: while it is open; the page: always). */
  active: boolean;
  /** The head's left side; without one the head says how many are unread. */
  title?: ReactNode;
  /** The bell's tighter items. */
  compact?: boolean;
  /** Called when an opened notification is about to lead away (the bell closes its panel). */
  onDone?: () => void;
}

/**
 * The latest notifications by type (All, Informations, Approval; spec 1 §2.3), shared by the bell's panel and the
 * /notifications page: unread ones marked, "Mark all as read" for the selected type, "No notification..." when
 * empty, "View All" to the inbox. Opening an unread one marks it read and fades it out, then goes where it leads.
 */
export function NotificationList({ active, title, compact, onDone }: NotificationListProps) {
  const { user } = useSession();
  const [tab, setTab] = useState<NotificationFilter>('ALL');
  const list = useQuery({ ...limitedNotificationsQueryOptions(user?.id, tab), enabled: active && !!user });
  const { open: openNotification, fadingIds } = useOpenNotification({ onDone });
  const markAll = useMarkAllRead(tab);

  const items = list.data?.data ?? [];
  const unread = list.data?.total ?? 0;

  return (
    <>
      <NotificationListHead
        title={
          title ?? (
            <Typography.Text type="secondary" className="notification-list__count">
              {list.isLoading ? '' : unread > 0 ? `${unread} unread` : 'All caught up'}
            </Typography.Text>
          )
        }
        actions={
          <Button
            size="small"
            type="link"
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        }
      />
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as NotificationFilter)}
        items={NOTIFICATION_TABS.map((t) => ({ key: t.key, label: t.label }))}
        className="notification-panel__tabs"
      />
      <div className="notification-panel__list">
        <NotificationItems list={list} loading={list.isLoading} placeholder={<NotificationListLoading />} items={items}>
          {(n) => (
            <NotificationItem
              key={n.id}
              compact={compact}
              notification={n}
              fading={fadingIds.has(n.id)}
              onClick={openNotification}
            />
          )}
        </NotificationItems>
      </div>
      <div className="notification-panel__foot">
        <Link to={INBOX_PATH} onClick={onDone}>
          View All
        </Link>
      </div>
    </>
  );
}
