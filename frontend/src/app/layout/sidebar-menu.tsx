import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { followMenuItem, toMenuItems } from './menu-items';
import { groupKeysFor, selectedUrl, sidebarItems } from './navigation';

/** The SIDEBAR/BOTH navigations as an inline menu with collapsible groups. */
export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { navigations } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => sidebarItems(navigations), [navigations]);
  const selected = selectedUrl(items, pathname);
  // Every group starts open so the whole of what the user may do is in view; the group of the
  // current page is always among them.
  const [openKeys, setOpenKeys] = useState<string[]>(() => [
    ...new Set([
      ...items.filter((i) => (i.submenu ?? []).length > 0).map((i) => `group-${i.id}`),
      ...groupKeysFor(items, selected),
    ]),
  ]);

  return (
    <Menu
      mode="inline"
      className="sidebar-menu"
      items={toMenuItems(items)}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={followMenuItem(navigate, onNavigate)}
    />
  );
}
