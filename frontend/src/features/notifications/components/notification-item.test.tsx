import { render, screen } from '@testing-library/react';
import type { Notification } from '@/lib/api/types';
import { NotificationItem } from './notification-item';
import { NOTIFICATION_KINDS } from '@/components/notification-kind/notification-kind';

const base: Notification = {
  id: 1,
  notificationType: 'INFORMATION',
  kind: 'INFO',
  message: 'Something happened',
  link: null,
  target: '/user/inbox',
  isRead: false,
  createdAt: new Date().toISOString(),
};

describe('NotificationItem', () => {
  it.each([
    ['APPROVED', 'Approved', 'green', 'check-circle'],
    ['REJECTED', 'Rejected', 'red', 'close-circle'],
    ['REQUESTED', 'Waiting for you', 'orange', 'clock-circle'],
    ['REMINDER', 'Reminder', 'blue', 'bell'],
    ['INFO', 'Information', 'grey', 'info-circle'],
  ] as const)('a %s notification has its own icon and colour', (kind, label, tone, icon) => {
    render(<NotificationItem notification={{ ...base, kind }} />);
    const badge = screen.getByRole('img', { name: label });
    expect(badge).toHaveClass(`notification-kind--${tone}`);
    expect(badge.querySelector(`.anticon-${icon}`)).not.toBeNull();
    expect(screen.getByText(new RegExp(`^${label} ·`))).toBeInTheDocument();
  });

  it('gives every kind a different look', () => {
    const looks = Object.values(NOTIFICATION_KINDS).map((k) => k.tone);
    expect(new Set(looks).size).toBe(looks.length);
  });
});
