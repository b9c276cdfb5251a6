import type { RouteObject } from 'react-router';

/** The welcome page and the sample of the shared widgets. */
export const homeRoutes: RouteObject[] = [
  { path: '/welcome', lazy: () => import('./pages/welcome-page').then((m) => ({ Component: m.WelcomePage })) },
  { path: '/sample', lazy: () => import('./pages/sample-page').then((m) => ({ Component: m.SamplePage })) },
];
