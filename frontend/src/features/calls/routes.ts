import type { RouteObject } from 'react-router';

/** The SIP weblink, in the public frame for the signed-in user. */
export const callRoutes: RouteObject[] = [
  { path: '/weblink/sip', lazy: () => import('./pages/weblink-sip-page').then((m) => ({ Component: m.WeblinkSipPage })) },
];
