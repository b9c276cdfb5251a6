import type { MenuProps } from 'antd';
import type { NavItem } from '@/lib/api/types';
import { normalizePath } from '@/lib/route-access';
import { NavIcon } from '@/components/nav-icon';

type Item = Required<MenuProps>['items'][number];

/** antd menu items for navigation items: urls are the keys, items with a submenu are groups. */
export function toMenuItems(items: readonly NavItem[], withIcons = true): Item[] {
  return items.map((item): Item => {
    const children = item.submenu ?? [];
    if (children.length > 0) {
      return {
        key: `group-${item.id}`,
        label: item.label,
        icon: withIcons ? <NavIcon name={item.icon} /> : undefined,
        children: toMenuItems(children, withIcons),
      };
    }
    return {
      key: item.url ? normalizePath(item.url) : `item-${item.id}`,
      label: item.label,
      icon: withIcons ? <NavIcon name={item.icon} /> : undefined,
      disabled: !item.url,
    };
  });
}
