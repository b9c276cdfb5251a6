import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/lib/session';
import { limitedNotificationsQueryOptions } from '../api/notifications-api';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationPanelLoading } from './notification-panel-frame';
import './notifications.css';

// The panel (its tabs, list and items) is fetched when the bell is first pointed at or opened, not with the shell.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/** The bell in the top bar: unread count, live updates; its panel lists the latest notifications by type. */
export function NotificationBell() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);

  // Live updates over the realtime channel; the 20 s polling of the queries below stays as a fallback.
  useNotificationStream();
  const unread = useQuery(limitedNotificationsQueryOptions(user?.id, 'ALL'));
  const count = unread.data?.total ?? 0;

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      // on a phone the panel spans the screen (notifications.css), never cut at its left edge
      classNames={{ root: 'notification-dropdown' }}
      popupRender={() => (
        <Suspense fallback={<NotificationPanelLoading />}>
          <NotificationPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="topbar__icon-button notification-bell"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}
