import type { RouteObject } from 'react-router';

const userPages = () => import('./pages/user-form-page');

/** User Management: the list, add, a user (edit, or read only), setting a user's password; the hierarchy. */
export const userManagementRoutes: RouteObject[] = [
  {
    path: '/system/user-management',
    lazy: () => import('./pages/user-list-page').then((m) => ({ Component: m.UserListPage })),
  },
  { path: '/system/user-management/add', lazy: () => userPages().then((m) => ({ Component: m.UserAddPage })) },
  { path: '/system/user-management/:userId', lazy: () => userPages().then((m) => ({ Component: m.UserEditPage })) },
  {
    path: '/system/user-management/:userId/change-password',
    lazy: () => import('./pages/user-password-page').then((m) => ({ Component: m.UserPasswordPage })),
  },
  {
    path: '/system/user-hierarchy',
    lazy: () => import('./pages/user-hierarchy-page').then((m) => ({ Component: m.UserHierarchyPage })),
  },
];
