import type { RouteObject } from 'react-router';

const coaPages = () => import('./pages/coa-form-page');

/** COA management (spec 3 §2.8): the list, add, edit and view (an id alone is the view). */
export const coaRoutes: RouteObject[] = [
  {
    path: '/system/coa-management',
    lazy: () => import('./pages/coa-list-page').then((m) => ({ Component: m.CoaListPage })),
  },
  { path: '/system/coa-management/add', lazy: () => coaPages().then((m) => ({ Component: m.CoaAddPage })) },
  { path: '/system/coa-management/:coaId', lazy: () => coaPages().then((m) => ({ Component: m.CoaViewPage })) },
  { path: '/system/coa-management/:coaId/view', lazy: () => coaPages().then((m) => ({ Component: m.CoaViewPage })) },
  { path: '/system/coa-management/:coaId/edit', lazy: () => coaPages().then((m) => ({ Component: m.CoaEditPage })) },
];
