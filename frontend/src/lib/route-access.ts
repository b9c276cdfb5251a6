/** Strips the query, hash and trailing slash so "/leads/" and "/leads" compare equal. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

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
 * Whether the session allows a path. The most specific route of the route table (`allRoutes`) that equals
 * the path or prefixes it (by whole segments, ":param" segments matching any) decides: the path is allowed
 * when that route is in `routes`. "/" matches only itself, so "/system" being readable does not open
 * "/system/user-management".
 */
export function isRouteAllowed(
  path: string,
  routes: readonly string[] | null | undefined,
  allRoutes?: readonly string[] | null,
): boolean {
  if (!routes || routes.length === 0) return false;
  const target = normalizePath(path);
  const allowed = new Set(routes.map(normalizePath));
  const table = [...allowed, ...(allRoutes ?? []).map(normalizePath)];
  let best: string | undefined;
  let bestRank: [number, number] = [-1, -1];
  for (const route of table.filter((candidate) => covers(candidate, target))) {
    const rank = specificity(route);
    // On a tie an allowed route wins: `allowed` comes first in the table.
    if (rank[0] > bestRank[0] || (rank[0] === bestRank[0] && rank[1] > bestRank[1])) {
      best = route;
      bestRank = rank;
    }
  }
  return best !== undefined && allowed.has(best);
}
