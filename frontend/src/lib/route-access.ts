/** Strips the query, hash and trailing slash so "/leads/" and "/leads" compare equal. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/**
 * Screens of the front end that the server's route table does not list, and the route whose access they take:
 * /notifications (the phone's bottom bar, spec 1 §2.2) is the bell's list as a page, the inbox's notifications.
 */
const ACCESS_OF: Readonly<Record<string, string>> = { '/notifications': '/user/inbox' };

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** A segment such as ":leadId" stands for any one segment of the path. */
const isParam = (segment: string) => segment.startsWith(':');

/**
 * Whether a route covers a path: the route's segments equal the path's first segments, a ":param"
 * segment matching any one. "/" matches only itself.
 */
function covers(route: string, target: string): boolean {
  if (route === '/') return target === '/';
  const want = segments(route);
  const have = segments(target);
  return want.length <= have.length && want.every((segment, i) => isParam(segment) || segment === have[i]);
}

/**
 * How closely a covering route fits: more segments first, then more literal ones, so "/leads/:leadId/view"
 * beats "/leads" for "/leads/42/view", and "/leads/add" beats "/leads/:leadId".
 */
function specificity(route: string): [number, number] {
  const parts = segments(route);
  return [parts.length, parts.filter((segment) => !isParam(segment)).length];
}

/**
 * Whether the session allows a path. The routes of the route table (`allRoutes`) that equal the path or
 * prefix it (by whole segments, a ":param" segment matching any one) are tried from the most specific: the
 * first one in `routes` allows it, the first plain route not in `routes` refuses it. A pattern route not in
 * `routes` neither allows nor refuses: patterns such as "/leads/:leadId/view" grant a narrow view to a role
 * without the page around it (an approver), and must not close that view to those who read the whole page
 * ("/leads"). "/" matches only itself, so "/system" being readable does not open "/system/user-management".
 */
export function isRouteAllowed(
  path: string,
  routes: readonly string[] | null | undefined,
  allRoutes?: readonly string[] | null,
): boolean {
  return decide(path, routes, allRoutes).allowed;
}

/** The route of the route table that refuses a path (the page Access Denied names), or null. */
export function refusingRoute(
  path: string,
  routes: readonly string[] | null | undefined,
  allRoutes?: readonly string[] | null,
): string | null {
  const decision = decide(path, routes, allRoutes);
  return decision.allowed ? null : decision.route;
}

function decide(
  path: string,
  routes: readonly string[] | null | undefined,
  allRoutes?: readonly string[] | null,
): { allowed: boolean; route: string | null } {
  const bare = normalizePath(path);
  const target = ACCESS_OF[bare] ?? bare;
  const allowed = new Set((routes ?? []).map(normalizePath));
  const table = [...new Set([...allowed, ...(allRoutes ?? []).map(normalizePath)])];
  const covering = table
    .filter((route) => covers(route, target))
    .map((route) => ({ route, rank: specificity(route) }))
    .sort((a, b) => b.rank[0] - a.rank[0] || b.rank[1] - a.rank[1]);
  if (allowed.size === 0) return { allowed: false, route: covering[0]?.route ?? null };
  for (const { route } of covering) {
    if (allowed.has(route)) return { allowed: true, route };
    if (!segments(route).some(isParam)) return { allowed: false, route };
  }
  return { allowed: false, route: covering[0]?.route ?? null };
}
