import type { RouteObject } from 'react-router';

/** Spreadsheets of clients, contacts and leads brought in: upload, map, dry run, import, result, undo. */
export const importRoutes: RouteObject[] = [
  {
    path: '/system/import',
    lazy: () => import('./pages/import-page').then((m) => ({ Component: m.ImportPage })),
  },
];
