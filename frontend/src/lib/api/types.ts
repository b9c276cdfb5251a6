import type { components } from './schema';

type Schemas = components['schemas'];

export type SessionPayload = Schemas['SessionOut'];
export type SessionUser = Schemas['SessionUser'];
export type NavItem = Schemas['NavItem'];
export type NavPosition = NavItem['position'];
export type PageFlags = Schemas['PageFlags'];
export type Notification = Schemas['NotificationOut'];
export type NotificationType = Notification['notificationType'];
export type NotificationFilter = 'ALL' | NotificationType;
export type NotificationPage = Schemas['NotificationPage'];
export type NotificationLimited = Schemas['NotificationLimited'];
export type TokenPair = Schemas['TokenPair'];
