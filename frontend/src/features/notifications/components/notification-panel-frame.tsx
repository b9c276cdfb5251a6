import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The bell panel's frame: its title, optional actions beside it, and what goes below. */
export function NotificationPanelFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="notification-panel" role="dialog" aria-label="Notifications">
      <Flex justify="space-between" align="center" className="notification-panel__head">
        <strong className="notification-panel__title">Notifications</strong>
        {actions}
      </Flex>
      {children}
    </div>
  );
}

export function NotificationListLoading() {
  return (
    <Flex justify="center" style={{ padding: 32 }}>
      <Spin />
    </Flex>
  );
}

/** What the bell shows while the panel's code loads (its first opening): the frame, loading, as its list does. */
export function NotificationPanelLoading() {
  return (
    <NotificationPanelFrame>
      <div className="notification-panel__list">
        <NotificationListLoading />
      </div>
    </NotificationPanelFrame>
  );
}
