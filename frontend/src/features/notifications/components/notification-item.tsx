import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { Notification } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';
import { NOTIFICATION_FADE_MS } from '../api/notifications-api';
import { kindLook } from '@/components/notification-kind/notification-kind';
import './notifications.css';

function when(createdAt: string): string {
  const at = dayjs(createdAt);
  const minutes = dayjs().diff(at, 'minute');
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = dayjs().diff(at, 'hour');
  if (hours < 24) return `${hours} h ago`;
  return formatDateTime(createdAt);
}

export interface NotificationItemProps {
  notification: Notification;
  fading?: boolean;
  highlighted?: boolean;
  compact?: boolean;
  onClick?: (notification: Notification) => void;
}

/** One notification: its kind's icon, the whole message (wrapped), time and an unread dot; fades out when `fading`. */
export function NotificationItem({ notification, fading, highlighted, compact, onClick }: NotificationItemProps) {
  const look = kindLook(notification.kind);
  const classes = [
    'notification-item',
    notification.isRead ? 'is-read' : 'is-unread',
    fading ? 'is-fading' : '',
    highlighted ? 'is-highlighted' : '',
    compact ? 'is-compact' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      type="button"
      className={classes}
      data-notification-id={notification.id}
      style={{ transitionDuration: `${NOTIFICATION_FADE_MS}ms` }}
      onClick={() => onClick?.(notification)}
    >
      <span
        className={`notification-item__icon notification-kind--${look.tone}`}
        data-kind={notification.kind}
        role="img"
        aria-label={look.label}
      >
        {look.icon}
      </span>
      <span className="notification-item__body">
        {/* Never cut: an outcome names the approver and carries their note, and the note is the point. */}
        <Typography.Paragraph className="notification-item__message" style={{ marginBottom: 2 }}>
          {notification.message}
        </Typography.Paragraph>
        <Typography.Text type="secondary" className="notification-item__meta">
          {look.label} · {when(notification.createdAt)}
        </Typography.Text>
      </span>
      {!notification.isRead && <span className="notification-item__dot" aria-label="Unread" />}
    </button>
  );
}
