import type { RouteObject } from 'react-router';

/** The OpenID providers people sign in with, and the product role each of their groups gives. */
export const signInProviderRoutes: RouteObject[] = [
  {
    path: '/system/sign-in-providers',
    lazy: () => import('./pages/sign-in-providers-page').then((m) => ({ Component: m.SignInProvidersPage })),
  },
];
