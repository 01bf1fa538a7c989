import path from 'node:path';

/** A route as the matrix names it: `METHOD /url/:pattern`, e.g. `GET /api/lists/list/:key/`. */
export type RouteKey = string;

interface SeenRoute {
  method: string | string[];
  url: string;
  /** @fastify/static puts the folder a file route serves from in its route config */
  config?: { rootPath?: unknown };
}

/**
 * Collects every route buildApp adds, through its `onRoute` option (a Fastify onRoute
 * hook on the root instance, so it sees the routes of every plugin, Fastify's automatic
 * HEAD twins and the routes of third-party plugins such as swagger-ui included).
 */
export function routeCollector() {
  const seen = new Map<RouteKey, { staticRoot: string | null }>();
  return {
    onRoute(route: SeenRoute) {
      const root = route.config?.rootPath;
      const staticRoot = typeof root === 'string' ? path.resolve(root) : null;
      for (const method of [route.method].flat()) {
        seen.set(`${method.toUpperCase()} ${route.url}`, { staticRoot });
      }
    },
    routes: (): RouteKey[] => [...seen.keys()].sort(),
    /** Whether @fastify/static added `route` to serve a file of the folder `root`. */
    servesFileOf: (route: RouteKey, root: string) =>
      seen.get(route)?.staticRoot === path.resolve(root),
  };
}
