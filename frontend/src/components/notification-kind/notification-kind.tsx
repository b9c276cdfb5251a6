import {
  BellOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  InfoCircleOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Notification } from '@/lib/api/types';
import './notification-kind.css';

export type NotificationKind = Notification['kind'];

export interface KindLook {
  icon: ReactNode;
  /** The icon's colour class: notification-kind--{tone}. */
  tone: 'green' | 'red' | 'orange' | 'blue' | 'grey';
  /** What the icon says to a screen reader, and the item's meta line. */
  label: string;
}

/** Each kind its own icon and colour: a decision at a glance, before reading the text. */
export const NOTIFICATION_KINDS: Record<NotificationKind, KindLook> = {
  APPROVED: { icon: <CheckCircleOutlined />, tone: 'green', label: 'Approved' },
  REJECTED: { icon: <CloseCircleOutlined />, tone: 'red', label: 'Rejected' },
  REQUESTED: { icon: <ClockCircleOutlined />, tone: 'orange', label: 'Waiting for you' },
  REMINDER: { icon: <BellOutlined />, tone: 'blue', label: 'Reminder' },
  INFO: { icon: <InfoCircleOutlined />, tone: 'grey', label: 'Information' },
};

export function kindLook(kind: NotificationKind | undefined): KindLook {
  return NOTIFICATION_KINDS[kind ?? 'INFO'] ?? NOTIFICATION_KINDS.INFO;
}
