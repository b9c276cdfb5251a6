import { CalendarOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Tooltip } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { Logo } from '@/components/logo';
import { useCanOpen, useSession } from '@/lib/session';
import { useHomePath } from './use-home-path';
import { followMenuItem, toMenuItems } from './menu-items';
import { selectedUrl, topItems } from './navigation';
import { UserMenu } from './user-menu';

// the search box (antd's AutoComplete and its answer's rendering) loads after the shell, not with it
const SearchBox = lazy(() => import('@/features/search/components/search-box').then((m) => ({ default: m.SearchBox })));

export function TopBar({ mobile, onOpenMenu }: { mobile: boolean; onOpenMenu: () => void }) {
  const { navigations } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => topItems(navigations), [navigations]);
  const selected = selectedUrl(items, pathname);
  const home = useHomePath();
  // a button is shown only to those the screen behind it lets in (an approver has no schedule)
  const schedule = useCanOpen('/activity-schedule');

  return (
    <Layout.Header className="topbar">
      {mobile && (
        <Button
          type="text"
          size="large"
          className="topbar__icon-button"
          aria-label="Open menu"
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
        />
      )}
      <Logo to={home} />
      {!mobile && (
        <Menu
          mode="horizontal"
          className="topbar__menu"
          items={toMenuItems(items)}
          selectedKeys={selected ? [selected] : []}
          onClick={followMenuItem(navigate)}
          disabledOverflow={false}
        />
      )}
      <div className="topbar__spacer" />
      <div className="topbar__actions">
        <Suspense fallback={<span className={mobile ? 'search-box__slot is-compact' : 'search-box__slot'} />}>
          <SearchBox compact={mobile} />
        </Suspense>
        {schedule && (
          <Tooltip title="Activity schedule">
            <Button
              type="text"
              shape="circle"
              size="large"
              className="topbar__icon-button"
              aria-label="Activity schedule"
              icon={<CalendarOutlined style={{ fontSize: 18 }} />}
              onClick={() => navigate('/activity-schedule')}
            />
          </Tooltip>
        )}
        <NotificationBell />
        <UserMenu compact={mobile} />
      </div>
    </Layout.Header>
  );
}
