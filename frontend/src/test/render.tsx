import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, matchRoutes, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { ErrorPage } from '@/app/pages/error-page';
import { AppProviders } from '@/app/providers';
import { routes as appRoutes } from '@/app/routing/router';
import { PublicLayout } from '@/app/routing/public-layout';
import { RequireAuth } from '@/app/routing/require-auth';
import { getToken } from '@/lib/api/tokens';
import type { NavItem, SessionPayload } from '@/lib/api/types';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryKey, sessionQueryOptions } from '@/lib/session';

export const FULL = { isRead: true, isWrite: true, isEdit: true, isDelete: true };

const nav = (id: number, label: string, url: string, position: NavItem['position'], submenu: NavItem[] = []): NavItem => ({
  id,
  label,
  url,
  icon: null,
  position,
  submenu,
});

export function makeSession(overrides: Partial<SessionPayload> = {}): SessionPayload {
  return {
    user: {
      userId: 7,
      id: 7,
      username: 'sales1',
      fullname: 'Sari Dewi',
      nickname: 'Sari',
      tenantName: 'PT Nusantara',
      roleName: 'SALES',
      roleDescription: 'Sales Person',
      dashboardComponent: null,
      hierarchyWhitelist: false,
      profilePicture: null,
      gender: 'F',
      dob: '1992-04-01',
      email: 'sari@example.co.id',
      phoneNumber: '628123',
      deviceId: null,
      leaderId: null,
      leaderName: null,
    },
    navigations: [
      nav(1, 'Dashboard', '/', 'TOP'),
      nav(2, 'Leads', '/leads', 'TOP'),
      nav(3, 'System', '/system', 'TOP'),
      nav(4, 'Clients', '/system/client-management', 'SIDEBAR', [
        nav(5, 'Client Management', '/system/client-management', 'SIDEBAR'),
      ]),
    ],
    routes: ['/', '/welcome', '/leads', '/system', '/system/client-management', '/user/profile', '/user/inbox'],
    allRoutes: ['/', '/welcome', '/leads', '/system', '/system/client-management', '/system/user-management',
      '/user/profile', '/user/inbox'],
    pageAccess: { dashboard: FULL },
    routeNames: {},
    timeZone: 'Asia/Jakarta',
    ...overrides,
  };
}

export type ApiHandler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The server's optimistic lock on a save: a body that carries `current`'s version is saved (answered with `saved`,
 * `current` itself by default), any other is refused as changed meanwhile (409 StaleVersion, `stale` its message).
 */
export async function versionedSave(
  req: Request,
  current: { version: number },
  stale: string,
  saved: unknown = current,
): Promise<Response> {
  const body = (await req.clone().json()) as { version: number };
  return body.version === current.version
    ? json(200, { results: saved })
    : json(409, { messages: [stale], type: 'StaleVersion' });
}

/** Stubs fetch: the session and notifications by default, anything else through `handler`. */
export function stubApi(session: SessionPayload | null, handler?: ApiHandler) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const copy = request.clone();
      // happy-dom's copy loses the cache mode the app asked for (the session is never answered from a cache)
      if (copy.cache !== request.cache) Object.defineProperty(copy, 'cache', { value: request.cache });
      requests.push(copy);
      const url = new URL(request.url);
      const custom = await handler?.(request, url);
      if (custom) return custom;
      if (url.pathname === '/api/auth/session' && session) return json(200, { results: session });
      if (url.pathname === '/api/notification/limited') return json(200, { results: { data: [], total: 0 } });
      return json(404, { messages: ['Not found'], type: 'NotFound' });
    }),
  );
  return requests;
}

/**
 * What wraps the routes of a page test, as the app's route table wraps them:
 * - 'signed-in' (the default): RequireAuth, which waits for the session as every private page does;
 * - 'shell': RequireAuth and the signed-in shell (top bar, sidebar, the route access check that shows 403);
 * - 'public': the public frame (a logo above the page), signed in or not;
 * - 'none': the routes as given (the sign-in screens, or a whole route table).
 */
export type Frame = 'signed-in' | 'shell' | 'public' | 'none';

export interface RenderOptions {
  frame?: Frame;
  /** History entries before `path` (a page's Back goes there). */
  before?: string[];
}

/** Where a link leaves the rendered routes: it says where it is, inside the frame (so the shell still checks access). */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p data-testid="elsewhere">Elsewhere: {pathname}</p>;
}

function framed(pages: RouteObject[], frame: Frame): RouteObject[] {
  if (frame === 'none') return pages;
  const children = [...pages, { path: '*', element: <Elsewhere /> }];
  const element = {
    'signed-in': (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    shell: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    public: <PublicLayout />,
  }[frame];
  return [{ element: <Outlet />, errorElement: <ErrorPage />, children: [{ element, children }] }];
}

/** What the shell loads when it is first wanted (the phone's menu, the debug panel, the bell's list): loaded before
 *  the first render, as a browser has them by the time a user opens them. */
function loadShellParts() {
  return Promise.all([
    import('@/app/layout/mobile-menu'),
    import('@/app/debug/debug-panel'),
    import('@/features/notifications/components/notification-panel'),
  ]);
}

/** Where antd puts its CSS variables in tests: outside the document, so that the test DOM neither parses them nor
 *  matches them on every getComputedStyle (role queries ask it for each element they look at). */
const antdStyles = document.createElement('div');

/**
 * Renders routes at `path` with the app's providers (query cache without retries, antd theme and dialogs, the
 * session from the stubbed API) in a memory router. A page test passes its feature's pages, imported directly
 * (`[{ path: '/system/holidays', Component: HolidaysPage }]`), so nothing loads lazily; a path outside them
 * renders a marker saying where it is.
 */
export async function renderRoutes(
  pages: RouteObject[],
  path: string,
  { frame = 'signed-in', before = [] }: RenderOptions = {},
) {
  const router = createMemoryRouter(framed(pages, frame), {
    initialEntries: [...before, path],
    initialIndex: before.length,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  if (frame === 'shell') await loadShellParts();
  if (getToken()) {
    // Signed in, the session loads before the first render, as a user who reaches a page has it: the page renders
    // at once. A failure is the AuthProvider's to handle and show, as it would without this.
    await queryClient.fetchQuery(sessionQueryOptions).catch(() => queryClient.removeQueries({ queryKey: sessionQueryKey }));
  }
  const utils = render(
    // antd without its runtime styles (the test DOM lays nothing out, and vitest loads no CSS) and without the click
    // ripple: both are work on every first render and click that no test looks at.
    <StyleProvider container={antdStyles}>
      <ConfigProvider theme={{ zeroRuntime: true }} wave={{ disabled: true }}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Loads the pages the whole route table shows at these paths, as a browser has them once a user can act. */
export async function loadPages(...paths: string[]): Promise<void> {
  const lazy = paths.flatMap((path) => (matchRoutes(appRoutes, path) ?? []).map((m) => m.route.lazy));
  await Promise.all(lazy.map((load) => (typeof load === 'function' ? load() : undefined)));
}

/**
 * Renders the whole app (the route table of src/app/routing/router.tsx) at a path: only for the tests of routing
 * itself (guards, redirects, the shell across pages, 403 and 404). The pages at `path` load first (loadPages); a file
 * whose tests go on to other pages loads them at its top level (`await loadPages(...)`). A page test renders its own
 * routes (renderRoutes).
 */
export async function renderApp(path: string, options: Omit<RenderOptions, 'frame'> = {}) {
  await loadPages(path);
  return renderRoutes(appRoutes, path, { ...options, frame: 'none' });
}
