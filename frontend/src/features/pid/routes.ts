import type { RouteObject } from 'react-router';

/** PID generation (spec 3 §2.7) and the /pdf test page (spec 3 §2.10). */
export const pidRoutes: RouteObject[] = [
  {
    path: '/leads/:leadId/generate-pid',
    lazy: () => import('./pages/generate-pid-page').then((m) => ({ Component: m.GeneratePidPage })),
  },
  { path: '/pdf', lazy: () => import('./pages/pdf-test-page').then((m) => ({ Component: m.PdfTestPage })) },
];
