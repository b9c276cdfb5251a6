import type { RouteObject } from 'react-router';

/** Signing in and out, and a forgotten password: public, outside any frame, loaded on demand (spec §2.1). */
export const authRoutes: RouteObject[] = [
  { path: '/signin', lazy: () => import('./pages/signin-page').then((m) => ({ Component: m.SignInPage })) },
  { path: '/signout', lazy: () => import('./pages/signout-page').then((m) => ({ Component: m.SignOutPage })) },
  {
    path: '/forgot-password',
    lazy: () => import('./pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/forgot-password/:token',
    lazy: () => import('./pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
];
