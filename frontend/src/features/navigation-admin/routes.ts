import type { RouteObject } from 'react-router';

const pageForm = () => import('./pages/page-form-page');

/** Page management (the list, add, a page) and menu management. */
export const navigationAdminRoutes: RouteObject[] = [
  {
    path: '/system/page-management',
    lazy: () => import('./pages/page-list-page').then((m) => ({ Component: m.PageListPage })),
  },
  { path: '/system/page-management/add', lazy: () => pageForm().then((m) => ({ Component: m.PageAddPage })) },
  { path: '/system/page-management/:id', lazy: () => pageForm().then((m) => ({ Component: m.PageEditPage })) },
  {
    path: '/system/menu-management',
    lazy: () => import('./pages/menu-management-page').then((m) => ({ Component: m.MenuManagementPage })),
  },
];
