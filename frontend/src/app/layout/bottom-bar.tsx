import { BellOutlined, DashboardOutlined, FundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { NavLink } from 'react-router';
import { useSession } from '@/app/auth/auth-context';
import { limitedNotificationsQueryOptions } from '@/features/notifications/api/notifications-api';

/** The fixed bar at the bottom of small screens: Dashboard, Leads, Notification. */
export function BottomBar() {
  const { user } = useSession();
  const unread = useQuery(limitedNotificationsQueryOptions(user?.id, 'ALL'));
  const cls = ({ isActive }: { isActive: boolean }) => `bottom-bar__item${isActive ? ' is-active' : ''}`;
  return (
    <nav className="bottom-bar" aria-label="Quick navigation">
      <NavLink to="/" end className={cls}>
        <DashboardOutlined />
        <span>Dashboard</span>
      </NavLink>
      <NavLink to="/leads" className={cls}>
        <FundOutlined />
        <span>Leads</span>
      </NavLink>
      <NavLink to="/user/inbox" className={cls}>
        <Badge count={unread.data?.total ?? 0} size="small" offset={[6, 0]}>
          <BellOutlined />
        </Badge>
        <span>Notification</span>
      </NavLink>
    </nav>
  );
}
