import {
  AccountBookOutlined,
  AimOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileOutlined,
  FundOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MonitorOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PartitionOutlined,
  ProfileOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Ant Design icon keys the server may name in a navigation item. */
const ICONS: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  aim: AimOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  calendar: CalendarOutlined,
  'check-square': CheckSquareOutlined,
  'clock-circle': ClockCircleOutlined,
  cluster: ClusterOutlined,
  contacts: ContactsOutlined,
  control: ControlOutlined,
  dashboard: DashboardOutlined,
  'field-time': FieldTimeOutlined,
  'file-done': FileDoneOutlined,
  file: FileOutlined,
  fund: FundOutlined,
  home: HomeOutlined,
  lock: LockOutlined,
  menu: MenuOutlined,
  monitor: MonitorOutlined,
  notification: NotificationOutlined,
  'ordered-list': OrderedListOutlined,
  partition: PartitionOutlined,
  profile: ProfileOutlined,
  rise: RiseOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  wifi: WifiOutlined,
};

/** Every icon key the app draws, in order: what menu management offers. */
export const NAV_ICON_NAMES: string[] = Object.keys(ICONS).sort();

/** The icon for a navigation item's icon key ("dashboard", "fund", ...); a tile when unknown. */
export function NavIcon({ name }: { name?: string | null }) {
  const key = (name ?? '').toLowerCase().replace(/outlined$/, '').replace(/_/g, '-');
  const Icon = ICONS[key] ?? AppstoreOutlined;
  return <Icon />;
}
