import type { RouteObject } from 'react-router';

/** The privacy policy, readable signed in or out (the public frame). */
export const privacyRoutes: RouteObject[] = [
  {
    path: '/privacy-policy',
    lazy: () => import('./pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
];
