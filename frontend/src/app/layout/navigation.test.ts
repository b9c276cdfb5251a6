import type { NavItem } from '@/lib/api/types';
import { groupKeysFor, homePath, selectedUrl, showsSidebar, sidebarItems, topItems } from './navigation';

const nav = (id: number, label: string, url: string | null, position: NavItem['position'], submenu: NavItem[] = []): NavItem => ({
  id,
  label,
  url,
  icon: null,
  position,
  submenu,
});

const items: NavItem[] = [
  nav(1, 'Dashboard', '/', 'TOP'),
  nav(2, 'Leads', '/leads', 'TOP'),
  nav(3, 'Approval', '/system/approval', 'BOTH'),
  nav(4, 'Clients', '/system/client-management', 'SIDEBAR', [
    nav(5, 'Client Management', '/system/client-management', 'SIDEBAR'),
    nav(6, 'Contact Management', '/system/contact-management', 'SIDEBAR'),
  ]),
];

describe('navigation helpers', () => {
  it('splits top and sidebar items by position', () => {
    expect(topItems(items).map((i) => i.label)).toEqual(['Dashboard', 'Leads', 'Approval']);
    expect(sidebarItems(items).map((i) => i.label)).toEqual(['Approval', 'Clients']);
  });

  it('selects the longest matching url', () => {
    expect(selectedUrl(items, '/')).toBe('/');
    expect(selectedUrl(items, '/leads/12/qualified')).toBe('/leads');
    expect(selectedUrl(items, '/system/contact-management/3/edit')).toBe('/system/contact-management');
    expect(selectedUrl(items, '/welcome')).toBeUndefined();
  });

  it('opens the group holding the current page', () => {
    expect(groupKeysFor(items, '/system/contact-management')).toEqual(['group-4']);
  });

  it('shows the sidebar on /system routes except sales monitoring', () => {
    expect(showsSidebar('/system')).toBe(true);
    expect(showsSidebar('/system/client-management/add')).toBe(true);
    expect(showsSidebar('/system/sales-monitoring')).toBe(false);
    expect(showsSidebar('/leads')).toBe(false);
    expect(showsSidebar('/')).toBe(false);
    expect(showsSidebar('/user/profile')).toBe(false);
    expect(showsSidebar('/user/inbox')).toBe(false);
    expect(showsSidebar('/activity-schedule')).toBe(false);
    expect(showsSidebar('/systems')).toBe(false);
  });

  it('finds home: the dashboard when allowed, else the first menu url the routes allow', () => {
    const all = ['/', '/leads', '/system', '/system/approval', '/system/client-management', '/user/inbox'];
    expect(homePath(items, ['/', '/leads'], all)).toBe('/');
    // An approver: no dashboard and no leads; Approval is the first menu item they may open.
    expect(homePath(items, ['/system', '/system/approval', '/user/inbox'], all)).toBe('/system/approval');
    // No menu item allowed: the first plain route.
    expect(homePath([], ['/leads/:leadId', '/user/inbox'], all)).toBe('/user/inbox');
    expect(homePath(items, [], all)).toBe('/');
  });
});
