import { CheckOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import type { NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { notificationKeys } from '../api/keys';
import { limitedNotificationsQueryOptions, markAllNotificationsRead, NOTIFICATION_TABS } from '../api/notifications-api';
import { NotificationItem } from './notification-item';
import { NotificationListLoading, NotificationPanelFrame } from './notification-panel-frame';
import { useOpenNotification } from './use-open-notification';
import './notifications.css';

export const EMPTY_NOTIFICATIONS_TEXT = 'No notification...';

/** The bell's panel: latest notifications by type, mark all as read, view all. Loaded on the bell's first opening. */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<NotificationFilter>('ALL');
  const list = useQuery({ ...limitedNotificationsQueryOptions(user?.id, tab), enabled: open && !!user });
  const { open: openNotification, fadingIds } = useOpenNotification({ onDone: onClose });

  const markAll = useMutation({
    mutationFn: () => markAllNotificationsRead(tab, user?.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => toast.error(errorMessage(error, 'Notifications could not be marked as read')),
  });

  const items = list.data?.data ?? [];
  const hasUnread = (list.data?.total ?? 0) > 0;

  return (
    <NotificationPanelFrame
      actions={
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
      }
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as NotificationFilter)}
        items={NOTIFICATION_TABS.map((t) => ({ key: t.key, label: t.label }))}
        className="notification-panel__tabs"
      />
      <div className="notification-panel__list">
        {list.isLoading ? (
          <NotificationListLoading />
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
        <Link to="/user/inbox" onClick={onClose}>
          View All
        </Link>
      </div>
    </NotificationPanelFrame>
  );
}
