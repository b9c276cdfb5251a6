import { BellOutlined, DashboardOutlined, FundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { limitedNotificationsQueryOptions } from '@/features/notifications/api/notifications-api';
import { isRouteAllowed } from '@/lib/route-access';
import { useSession } from '@/lib/session';

interface Tab {
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * The fixed bar at the bottom of small screens: Dashboard, Leads, Notification, each only when the
 * session's routes allow it (an approver has no dashboard or leads, and the tabs led to Access Denied).
 */
export function BottomBar() {
  const { user, routes, allRoutes } = useSession();
  const unread = useQuery(limitedNotificationsQueryOptions(user?.id, 'ALL'));
  const cls = ({ isActive }: { isActive: boolean }) => `bottom-bar__item${isActive ? ' is-active' : ''}`;
  const tabs: Tab[] = [
    { to: '/', label: 'Dashboard', icon: <DashboardOutlined /> },
    { to: '/leads', label: 'Leads', icon: <FundOutlined /> },
    {
      to: '/notifications',
      label: 'Notification',
      icon: (
        <Badge count={unread.data?.total ?? 0} size="small" offset={[6, 0]}>
          <BellOutlined />
        </Badge>
      ),
    },
  ];
  const shown = tabs.filter((tab) => isRouteAllowed(tab.to, routes, allRoutes));
  if (shown.length === 0) return null;
  return (
    <nav className="bottom-bar" aria-label="Quick navigation">
      {shown.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.to === '/'} className={cls}>
          {tab.icon}
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
