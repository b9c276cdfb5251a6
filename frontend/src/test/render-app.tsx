import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routing/router';
import type { NavItem, SessionPayload } from '@/lib/api/types';
import { createQueryClient } from '@/lib/query-client';

export const FULL = { isRead: true, isWrite: true, isEdit: true, isDelete: true };

/** findBy/waitFor options for a screen that loads its page chunk and data: the default 1 s flakes under load. */
export const LOAD = { timeout: 8000 };

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
    ...overrides,
  };
}

export type ApiHandler = (request: Request, url: URL) => Response | Promise<Response> | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch: the session and notifications by default, anything else through `handler`. */
export function stubApi(session: SessionPayload | null, handler?: ApiHandler) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request.clone());
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

/** Renders the whole app (providers and route table) at a path. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
