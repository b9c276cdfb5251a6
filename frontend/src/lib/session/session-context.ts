import { createContext, useContext } from 'react';
import type { NavItem, PageFlags, SessionPayload, SessionUser } from '@/lib/api/types';
import { isRouteAllowed } from '@/lib/route-access';

export type AuthStatus = 'anonymous' | 'loading' | 'authenticated' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  isAuthenticated: boolean;
  session: SessionPayload | undefined;
  user: SessionUser | undefined;
  navigations: NavItem[];
  routes: string[];
  /** Every page route of the route table (decides which page a path belongs to). */
  allRoutes: string[];
  pageAccess: Record<string, PageFlags>;
  /** Keeps the access token of a successful sign-in (in memory; the refresh token is an httpOnly cookie), then loads
   * the session. */
  login: (username: string, password: string) => Promise<void>;
  /** Finishes a sign-in that needed a mailed code (the login's DeviceVerificationRequired), as `login` does. */
  verifySignInCode: (challenge: string, code: string) => Promise<void>;
  /** Keeps the access token of a sign-in finished elsewhere (a second factor's step) and loads the session. */
  startSession: (accessToken: string) => Promise<void>;
  /** Ends the session on the server (which clears the refresh cookie), forgets the token in every tab and clears
   * every cached query. Resolves to the OpenID provider's sign-out URL when the session came from one (the browser
   * goes there to sign out of the provider too), else null. */
  logout: () => Promise<string | null>;
  /** Re-fetches user, menus and routes; false (with a toast) when it failed. */
  refreshSession: () => Promise<boolean>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user's session and the sign-in/out actions. */
export function useSession(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}

/** The page routes of the signed-in session, or none outside a session (a component shown in and out of one). */
export function useSessionRoutes(): { routes: readonly string[]; allRoutes: readonly string[] } {
  const value = useContext(AuthContext);
  return { routes: value?.routes ?? [], allRoutes: value?.allRoutes ?? [] };
}

const NO_ACCESS: PageFlags = { isRead: false, isWrite: false, isEdit: false, isDelete: false };

/** The page flags for a page code such as "dashboard" or "system/client-management". */
export function usePageAccess(code: string): PageFlags {
  return useSession().pageAccess[code] ?? NO_ACCESS;
}

/** Whether the session may open this path (the route guard's rule): a link to a page it may not open is hidden. */
export function useCanOpen(path: string): boolean {
  const { routes, allRoutes } = useSession();
  return isRouteAllowed(path, routes, allRoutes);
}
