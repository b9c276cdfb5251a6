import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from '@/components/dialogs';
import { login as loginCall, logout as logoutCall, verifySignInCode as verifyCall } from '@/features/auth/api/auth-api';
import { refreshAccessToken } from '@/lib/api/client';
import { getToken, signedIn, signedOut, subscribeRemoteSession, subscribeTokens } from '@/lib/api/tokens';
import { AuthContext, sessionQueryKey, sessionQueryOptions, type AuthContextValue, type AuthStatus } from '@/lib/session';

/** Spelling as in the product (spec §8). */
export const SESSION_REFRESH_FAILED = 'Something when wrong, failed to refresh authentication';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeTokens, getToken, () => null);
  const session = useQuery({ ...sessionQueryOptions, enabled: Boolean(token) });

  // The access token lives in memory only: a page load asks for one with the refresh cookie (shared by the tabs).
  const [restoring, setRestoring] = useState(() => !getToken());
  useEffect(() => {
    if (!restoring) return;
    void refreshAccessToken(null).finally(() => setRestoring(false));
  }, [restoring]);

  // Another tab signed in (perhaps as someone else) or out: this one follows.
  useEffect(
    () =>
      subscribeRemoteSession((event) => {
        if (event === 'signed-out') queryClient.clear();
        else void queryClient.resetQueries();
      }),
    [queryClient],
  );

  // Tell the user once when the session could not be (re)loaded.
  const reported = useRef(false);
  useEffect(() => {
    if (session.isError && token && !reported.current) {
      reported.current = true;
      toast.error(SESSION_REFRESH_FAILED);
    }
    if (session.isSuccess) reported.current = false;
  }, [session.isError, session.isSuccess, token]);

  const start = useCallback(
    async (accessToken: string) => {
      signedIn(accessToken);
      await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
    [queryClient],
  );
  const login = useCallback(
    async (username: string, password: string) => start((await loginCall(username, password)).token),
    [start],
  );
  const verifySignInCode = useCallback(
    async (challenge: string, code: string) => start((await verifyCall(challenge, code)).token),
    [start],
  );

  const logout = useCallback(async () => {
    try {
      // Even without an access token (a page load straight to /signout): the client refreshes and retries, so the
      // server always ends the session and clears the refresh cookie.
      return (await logoutCall()).endSessionUrl ?? null;
    } catch {
      // Signing out locally still has to happen when the server cannot be told.
      return null;
    } finally {
      signedOut(); // and every other tab
      queryClient.clear();
    }
  }, [queryClient]);

  const refreshSession = useCallback(async () => {
    try {
      await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      return true;
    } catch {
      toast.error(SESSION_REFRESH_FAILED);
      queryClient.removeQueries({ queryKey: sessionQueryKey });
      return false;
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    let status: AuthStatus;
    if (!token) status = restoring ? 'loading' : 'anonymous';
    else if (session.data) status = 'authenticated';
    else if (session.isError) status = 'error';
    else status = 'loading';
    const data = token ? session.data : undefined;
    return {
      status,
      isAuthenticated: status === 'authenticated',
      session: data,
      user: data?.user,
      navigations: data?.navigations ?? [],
      routes: data?.routes ?? [],
      allRoutes: data?.allRoutes ?? [],
      pageAccess: data?.pageAccess ?? {},
      login,
      verifySignInCode,
      startSession: start,
      logout,
      refreshSession,
    };
  }, [token, restoring, session.data, session.isError, login, verifySignInCode, start, logout, refreshSession]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
