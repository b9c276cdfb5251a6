import type { MenuProps } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import type { NavItem } from '@/lib/api/types';
import { normalizePath } from '@/lib/route-access';
import { NavIcon } from '@/components/nav-icon';

type Item = Required<MenuProps>['items'][number];

/** antd menu items for navigation items: urls are the keys, items with a submenu are groups. An item that opens a
 *  screen is a link to it (its label fills the item), so it opens in a new tab, is copied or shown on hover as any
 *  link is. */
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
    const url = item.url ? normalizePath(item.url) : undefined;
    return {
      key: url ?? `item-${item.id}`,
      label: url ? <Link to={url}>{item.label}</Link> : item.label,
      icon: withIcons ? <NavIcon name={item.icon} /> : undefined,
      disabled: !item.url,
    };
  });
}

/** A menu's onClick: the item's link has moved already when the click was on it (or left it to the browser: a new tab
 *  for a middle or a modified click); a click beside the link or the keyboard's Enter still opens the screen. */
export function followMenuItem(navigate: (to: string) => void, onNavigate?: () => void) {
  return ({ key, domEvent }: { key: string; domEvent: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement> }) => {
    if (!key.startsWith('/')) return;
    const onLink = domEvent.target instanceof Element && domEvent.target.closest('a') !== null;
    if (!onLink) navigate(key);
    onNavigate?.();
  };
}
