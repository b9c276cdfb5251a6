/** Strips the query, hash and trailing slash so "/leads/" and "/leads" compare equal. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

function covers(route: string, target: string): boolean {
  if (route === '/') return target === '/';
  return target === route || target.startsWith(`${route}/`);
}

/**
 * Whether the session allows a path. The longest route of the route table (`allRoutes`) that equals
 * the path or prefixes it (route + "/") decides: the path is allowed when that route is in `routes`.
 * "/" matches only itself, so "/system" being readable does not open "/system/user-management".
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
  const best = table
    .filter((route) => covers(route, target))
    .sort((a, b) => b.length - a.length)[0];
  return best !== undefined && allowed.has(best);
}
