import type { RouteObject } from 'react-router';

/** Menu Page Access (spec 3 §2.9): the roles and any user's effective access, adding a role, a role's matrix. */
export const accessAdminRoutes: RouteObject[] = [
  {
    path: '/system/menu-page-access',
    lazy: () => import('./pages/menu-page-access-page').then((m) => ({ Component: m.MenuPageAccessPage })),
  },
  {
    path: '/system/menu-page-access/add',
    lazy: () => import('./pages/role-add-page').then((m) => ({ Component: m.RoleAddPage })),
  },
  {
    path: '/system/menu-page-access/:id',
    lazy: () => import('./pages/role-page').then((m) => ({ Component: m.RolePage })),
  },
];
