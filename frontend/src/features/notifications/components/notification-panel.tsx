import { NotificationList } from './notification-list';
import { NotificationPanelFrame, PANEL_TITLE } from './notification-panel-frame';
import './notifications.css';

/** The bell's panel: the notification list, fetched while open. Loaded on the bell's first opening. */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NotificationPanelFrame>
      <NotificationList active={open} title={PANEL_TITLE} compact onDone={onClose} />
    </NotificationPanelFrame>
  );
}
