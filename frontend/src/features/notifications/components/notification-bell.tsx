import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import type { NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { notificationKeys } from '../api/keys';
import {
  limitedNotificationsQueryOptions,
  markAllNotificationsRead,
  NOTIFICATION_TABS,
} from '../api/notifications-api';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationItem } from './notification-item';
import { useOpenNotification } from './use-open-notification';
import './notifications.css';

export const EMPTY_NOTIFICATIONS_TEXT = 'No notification...';

/** The bell in the top bar: unread count, latest notifications by type, mark all, view all. */
export function NotificationBell() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NotificationFilter>('ALL');

  // Live updates over server-sent events; the 20 s polling of the queries below stays as a fallback.
  useNotificationStream(user?.id);
  const unread = useQuery(limitedNotificationsQueryOptions(user?.id, 'ALL'));
  const list = useQuery({ ...limitedNotificationsQueryOptions(user?.id, tab), enabled: open && !!user });
  const { open: openNotification, fadingIds } = useOpenNotification({ onDone: () => setOpen(false) });

  const markAll = useMutation({
    mutationFn: () => markAllNotificationsRead(tab, user?.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => toast.error(errorMessage(error, 'Notifications could not be marked as read')),
  });

  const count = unread.data?.total ?? 0;
  const items = list.data?.data ?? [];
  const hasUnread = (list.data?.total ?? 0) > 0;

  const panel = (
    <div className="notification-panel" role="dialog" aria-label="Notifications">
      <Flex justify="space-between" align="center" className="notification-panel__head">
        <Typography.Text strong>Notifications</Typography.Text>
        <Button
          size="small"
          type="link"
          icon={<CheckOutlined />}
          disabled={!hasUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Flex>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as NotificationFilter)}
        items={NOTIFICATION_TABS.map((t) => ({ key: t.key, label: t.label }))}
        className="notification-panel__tabs"
      />
      <div className="notification-panel__list">
        {list.isLoading ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_NOTIFICATIONS_TEXT} />
        ) : (
          items.map((n) => (
            <NotificationItem
              key={n.id}
              compact
              notification={n}
              fading={fadingIds.has(n.id)}
              onClick={openNotification}
            />
          ))
        )}
      </div>
      <div className="notification-panel__foot">
        <Link to="/user/inbox" onClick={() => setOpen(false)}>
          View All
        </Link>
      </div>
    </div>
  );

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      // on a phone the panel spans the screen (notifications.css), never cut at its left edge
      classNames={{ root: 'notification-dropdown' }}
      popupRender={() => panel}
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="topbar__icon-button notification-bell"
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}
