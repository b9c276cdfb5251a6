import type { NavItem } from '@/lib/api/types';
import { isRouteAllowed, normalizePath } from '@/lib/route-access';

/** Items shown in the top bar (TOP or BOTH). */
export function topItems(navigations: readonly NavItem[]): NavItem[] {
  return navigations.filter((n) => n.position === 'TOP' || n.position === 'BOTH');
}

/** Items shown in the sidebar and the mobile menu (SIDEBAR or BOTH). */
export function sidebarItems(navigations: readonly NavItem[]): NavItem[] {
  return navigations.filter((n) => n.position === 'SIDEBAR' || n.position === 'BOTH');
}

function allUrls(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.url ? [normalizePath(item.url)] : []),
    ...allUrls(item.submenu ?? []),
  ]);
}

/**
 * The first screen the session can open: the dashboard, else the first menu url in menu order, else the
 * first plain route. For a home link that must not lead to Access Denied (an approver cannot open "/").
 */
export function homePath(navigations: readonly NavItem[], routes: readonly string[], allRoutes: readonly string[]): string {
  const candidates = ['/', ...allUrls(navigations), ...routes];
  return candidates.find((path) => !path.includes(':') && isRouteAllowed(path, routes, allRoutes)) ?? '/';
}

/** The menu key (url) that best matches the current path: the longest url prefix. */
export function selectedUrl(items: readonly NavItem[], pathname: string): string | undefined {
  const path = normalizePath(pathname);
  let best: string | undefined;
  for (const url of allUrls(items)) {
    const matches = url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`);
    if (matches && (!best || url.length > best.length)) best = url;
  }
  return best;
}

/** Keys of the groups that contain the given url (to open them in an inline menu). */
export function groupKeysFor(items: readonly NavItem[], url: string | undefined): string[] {
  if (!url) return [];
  return items
    .filter((item) => (item.submenu ?? []).length > 0 && allUrls(item.submenu ?? []).includes(url))
    .map((item) => `group-${item.id}`);
}

/** Paths without the sidebar even under /system (spec §2.1). */
const NO_SIDEBAR_PREFIXES = ['/system/sales-monitoring'];

/** The sidebar appears on /system routes only, except sales monitoring. */
export function showsSidebar(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (!(path === '/system' || path.startsWith('/system/'))) return false;
  return !NO_SIDEBAR_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
