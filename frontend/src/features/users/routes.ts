import type { RouteObject } from 'react-router';

/** The signed-in user's profile and changing their password from it. */
export const userRoutes: RouteObject[] = [
  { path: '/user/profile', lazy: () => import('./pages/profile-page').then((m) => ({ Component: m.ProfilePage })) },
  {
    path: '/user/profile/:userId/change-password',
    lazy: () => import('./pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
  },
];

/** Changing one's own password in the public frame (a public route about the signed-in user). */
export const ownPasswordRoutes: RouteObject[] = [
  {
    path: '/change-password',
    lazy: () => import('./pages/own-password-page').then((m) => ({ Component: m.OwnPasswordPage })),
  },
];
