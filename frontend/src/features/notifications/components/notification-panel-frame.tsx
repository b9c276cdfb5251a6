import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The bell panel's frame: a dialog box under the bell. */
export function NotificationPanelFrame({ children }: { children: ReactNode }) {
  return (
    <div className="notification-panel" role="dialog" aria-label="Notifications">
      {children}
    </div>
  );
}

/** The head of a notification list: its title (or what stands for it), and actions beside it. */
export function NotificationListHead({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={8} className="notification-panel__head">
      {title}
      {actions}
    </Flex>
  );
}

export const PANEL_TITLE = <strong className="notification-panel__title">Notifications</strong>;

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
      <NotificationListHead title={PANEL_TITLE} />
      <div className="notification-panel__list">
        <NotificationListLoading />
      </div>
    </NotificationPanelFrame>
  );
}
