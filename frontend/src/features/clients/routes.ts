import type { RouteObject } from 'react-router';

const clientForm = () => import('./pages/client-form-page').then((m) => ({ Component: m.ClientFormPage }));

/** Client management (spec 3 §2.1–2.2): the list, and the wizard at 'add' or a client id. */
export const clientRoutes: RouteObject[] = [
  {
    path: '/system/client-management',
    lazy: () => import('./pages/client-list-page').then((m) => ({ Component: m.ClientListPage })),
  },
  { path: '/system/client-management/add', lazy: clientForm },
  { path: '/system/client-management/:clientId', lazy: clientForm },
];
