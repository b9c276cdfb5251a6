import {
  CalendarOutlined,
  HomeOutlined,
  LogoutOutlined,
  MailOutlined,
  ManOutlined,
  PhoneOutlined,
  WomanOutlined,
} from '@ant-design/icons';
import { Divider, Drawer, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { UserAvatar } from '@/features/users/components/user-avatar';
import { ageFrom, formatDate, genderLabel } from '@/lib/format';
import { useSession } from '@/lib/session';
import { SidebarMenu } from './sidebar-menu';

/** How long the drawer slides (spec: 200–400 ms). */
export const MOBILE_MENU_MS = 300;

function Detail({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Flex gap={10} align="center" className="mobile-menu__detail">
      <span className="mobile-menu__detail-icon">{icon}</span>
      <Typography.Text ellipsis>{children}</Typography.Text>
    </Flex>
  );
}

/** The slide-in menu below 768 px: who is signed in, the sidebar groups and Log Out. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const age = ageFrom(user?.dob);
  const female = genderLabel(user?.gender) === 'Female';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title={null}
      closable={false}
      className="mobile-menu"
      styles={{ body: { padding: 0 } }}
      rootStyle={{ ['--mobile-menu-ms' as string]: `${MOBILE_MENU_MS}ms` }}
    >
      <div className="mobile-menu__profile">
        <UserAvatar user={user} size={64} />
        <Typography.Title level={5} className="mobile-menu__name">
          {user?.fullname}
        </Typography.Title>
        <Typography.Text className="mobile-menu__role">{user?.roleDescription}</Typography.Text>
        <Typography.Text className="mobile-menu__tenant">{user?.tenantName}</Typography.Text>
      </div>
      <div className="mobile-menu__details">
        <Detail icon={female ? <WomanOutlined /> : <ManOutlined />}>{genderLabel(user?.gender)}</Detail>
        <Detail icon={<CalendarOutlined />}>
          {user?.dob ? `${formatDate(user.dob)}${age !== null ? ` (${age} years)` : ''}` : '-'}
        </Detail>
        <Detail icon={<MailOutlined />}>{user?.email || '-'}</Detail>
        <Detail icon={<PhoneOutlined />}>{user?.phoneNumber || '-'}</Detail>
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <Link to="/" className="mobile-menu__link" onClick={onClose}>
        <HomeOutlined /> Dashboard
      </Link>
      <SidebarMenu onNavigate={onClose} />
      <Divider style={{ margin: '8px 0' }} />
      <Link to="/signout" className="mobile-menu__link mobile-menu__logout" onClick={onClose}>
        <LogoutOutlined /> Log Out
      </Link>
    </Drawer>
  );
}
