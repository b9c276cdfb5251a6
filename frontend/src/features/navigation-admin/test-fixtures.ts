import type { MenuItem, PageDetail, PageListRow } from './api/navigation-admin-api';

/** A menu item as GET /menu-management answers it. */
export function menuItem(id: number, label: string, overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    label,
    position: 'SIDEBAR',
    icon: null,
    pageCode: null,
    pageName: null,
    url: null,
    opens: null,
    parentId: null,
    seq: 0,
    submenu: [],
    ...overrides,
  };
}

/** Approval (top bar and sidebar), and the Reports group with two pages. */
export const MENU_TREE: MenuItem[] = [
  menuItem(10, 'Approval', {
    position: 'BOTH',
    icon: 'audit',
    pageCode: 'system/approval',
    pageName: 'Approval',
    opens: '/system/approval',
  }),
  menuItem(20, 'Reports', {
    icon: 'rise',
    seq: 1,
    submenu: [
      menuItem(21, 'Monthly Billing', {
        icon: 'calendar',
        parentId: 20,
        pageCode: 'system/monthly-billing',
        pageName: 'Monthly Billing',
        opens: '/system/monthly-billing',
      }),
      menuItem(22, 'Sales Report', {
        parentId: 20,
        seq: 1,
        pageCode: 'system/report',
        pageName: 'Report',
        opens: '/system/report',
      }),
    ],
  }),
];

export function pageRow(id: number, code: string, name: string, overrides: Partial<PageListRow> = {}): PageListRow {
  return { id, code, name, url: `/${code}`, roles: 2, menuItems: 1, ...overrides };
}

export const PAGES: PageListRow[] = [
  pageRow(1, 'system/approval', 'Approval', { roles: 4 }),
  pageRow(2, 'system/monthly-billing', 'Monthly Billing'),
  pageRow(3, 'system/report', 'Report', { menuItems: 0 }),
];

export const PAGE_DETAIL: PageDetail = {
  id: 2,
  code: 'system/monthly-billing',
  name: 'Monthly Billing',
  url: '/system/monthly-billing',
  protected: false,
  menuItems: [{ id: 21, label: 'Monthly Billing', path: ['Reports', 'Monthly Billing'], position: 'SIDEBAR' }],
  access: [
    { roleId: 1, roleName: 'ADMIN', roleDescription: 'Administrator', isRead: true, isWrite: true, isEdit: true, isDelete: true },
    { roleId: 3, roleName: 'TL', roleDescription: 'Team Leader', isRead: true, isWrite: false, isEdit: false, isDelete: false },
  ],
};
