import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import type { EffectiveAccess, PageFlagsOut, RolePageAccess, RoleRow } from './api/access-admin-api';
import { MenuPageAccessPage } from './pages/menu-page-access-page';
import { RoleAddPage } from './pages/role-add-page';
import { RolePage } from './pages/role-page';

/** A role as GET /menu-access lists it. */
export function roleRow(id: number, overrides: Partial<RoleRow> = {}): RoleRow {
  return {
    id,
    roleName: `ROLE_${id}`,
    roleDescription: `Role ${id}`,
    dashboardComponent: null,
    hierarchyWhitelist: false,
    requireSecondFactor: false,
    pages: 0,
    users: 0,
    everyPage: false,
    ...overrides,
  };
}

export const ADMIN = roleRow(1, {
  roleName: 'ADMIN',
  roleDescription: 'Administrator',
  dashboardComponent: 'TOP_MANAGEMENT',
  hierarchyWhitelist: true,
  pages: 40,
  users: 1,
  everyPage: true,
});
export const SALES = roleRow(3, {
  roleName: 'SALES',
  roleDescription: 'Sales Person',
  dashboardComponent: 'SALES',
  pages: 12,
  users: 6,
});

const page = (code: string, name: string, flags: Partial<PageFlagsOut> = {}): PageFlagsOut => ({
  code,
  name,
  url: `/${code}`,
  isRead: false,
  isWrite: false,
  isEdit: false,
  isDelete: false,
  ...flags,
});

/** The route table's pages as a role's matrix lists them (sorted by code). */
export function matrixPages(overrides: Record<string, Partial<PageFlagsOut>> = {}): PageFlagsOut[] {
  return [
    page('leads', 'Leads'),
    page('system/client-management', 'Client Management'),
    page('system/contact-management', 'Contact Management'),
    page('system/menu-page-access', 'Menu Page Access'),
  ].map((p) => ({ ...p, ...overrides[p.code] }));
}

export function rolePageAccess(role: RoleRow, overrides: Record<string, Partial<PageFlagsOut>> = {}): RolePageAccess {
  return { role, pages: matrixPages(overrides) };
}

const grant = (lines: string[]) => ({ allowed: lines.length > 0, grantedBy: lines });

/** sales1's effective access: reads and changes contacts through SALES, reads leads through an inherited role. */
export const SALES1_EFFECTIVE: EffectiveAccess = {
  userId: 11,
  username: 'sales1',
  fullname: 'Sari Dewi',
  roleName: 'SALES',
  roleDescription: 'Sales Person',
  pages: [
    {
      code: 'leads',
      name: 'Leads',
      url: '/leads',
      read: grant(['g, SALES, VIEWER', 'p, VIEWER, leads, read']),
      write: grant([]),
      edit: grant([]),
      delete: grant([]),
    },
    {
      code: 'system/contact-management',
      name: 'Contact Management',
      url: '/system/contact-management',
      read: grant(['p, SALES, system/contact-management, read']),
      write: grant(['p, SALES, system/contact-management, write']),
      edit: grant([]),
      delete: grant([]),
    },
    {
      code: 'system/menu-page-access',
      name: 'Menu Page Access',
      url: '/system/menu-page-access',
      read: grant([]),
      write: grant([]),
      edit: grant([]),
      delete: grant([]),
    },
  ],
};

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/menu-page-access', Component: MenuPageAccessPage },
  { path: '/system/menu-page-access/add', Component: RoleAddPage },
  { path: '/system/menu-page-access/:id', Component: RolePage },
];

/** A stub that reads the request body or asks another stub first: it may answer nothing (the default stub does). */
export const later = (handler: (req: Request, url: URL) => Promise<Response | undefined>) => handler as ApiHandler;

/**
 * Opens `path` signed in with `flags` on Menu Page Access, `routes` added to the session's; the API answers with the
 * test's own `handler` first, then `answer`. Returns the requests sent and the router.
 */
export async function renderMenuAccess(
  path: string,
  flags: PageFlags,
  routes: string[],
  handler: ApiHandler | undefined,
  answer: ApiHandler,
) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/menu-page-access': flags } });
  const requests = stubApi(
    { ...session, routes: [...session.routes, ...routes], allRoutes: [...session.allRoutes, ...routes] },
    later(async (req, url) => {
      const custom = await handler?.(req, url);
      if (custom) return custom;
      return answer(req, url);
    }),
  );
  return { requests, ...(await renderRoutes(pages, path)) };
}
