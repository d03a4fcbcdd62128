import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isCatchAll, routeMatcher } from './route-patterns';

/** The methods Next.js serves route handlers with (next/dist/server/web/http); it serves no others. */
export const HTTP_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface RouteModule {
  ensureUserland?: () => Promise<void>;
  userland: Record<string, unknown>;
}

type Methods = readonly string[] | undefined;

interface Route {
  file: string;
  /** The methods while the route loads, then the answer itself. */
  methods?: Promise<Methods> | { answer: Methods };
}

/**
 * Which methods the route handler at a path serves, if a route handler is there: answered at once where the table
 * knows, as a promise where it must load the route first.
 */
export interface RouteTable {
  allowedMethods(pathname: string): readonly string[] | undefined | Promise<readonly string[] | undefined>;
}

export const emptyRouteTable: RouteTable = { allowedMethods: () => undefined };

/**
 * The route handlers of a production build, read from Next's own manifest, so the methods of a route are declared
 * once: by the HTTP verbs its `route.ts` exports. Catch-all routes are left out: they answer every method
 * themselves. A route's module is loaded the first time a request reaches it, as Next would load it anyway.
 */
export function routeTableOfBuild(distDir: string, onError: (error: unknown, file: string) => void = () => {}): RouteTable {
  const manifestPath = path.join(distDir, 'server', 'app-paths-manifest.json');
  if (!existsSync(manifestPath)) return emptyRouteTable;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>;
  const requireBuilt = createRequire(manifestPath);
  const routes = routeMatcher(
    Object.entries(manifest)
      .filter(([page]) => page.endsWith('/route') && !isCatchAll(page))
      .map(([page, file]) => [page.slice(0, -'/route'.length), { file: path.join(distDir, 'server', file) } satisfies Route] as const),
  );

  const methodsOf = (route: Route): Methods | Promise<Methods> => {
    route.methods ??= (async () => {
      let answer: Methods;
      try {
        const { routeModule } = requireBuilt(route.file) as { routeModule: RouteModule };
        await routeModule.ensureUserland?.();
        answer = allowedMethods(routeModule.userland);
      } catch (error) {
        onError(error, route.file);
      }
      route.methods = { answer };
      return answer;
    })();
    return route.methods instanceof Promise ? route.methods : route.methods.answer;
  };

  return {
    allowedMethods(pathname) {
      const route = routes.match(pathname);
      return route ? methodsOf(route.value) : undefined;
    },
  };
}

/** The exported verbs, plus what Next adds itself: HEAD wherever GET is, and OPTIONS (answered with `Allow`). */
export function allowedMethods(exports: Record<string, unknown>): readonly string[] {
  const allowed = new Set<string>(HTTP_METHODS.filter((method) => typeof exports[method] === 'function'));
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  return HTTP_METHODS.filter((method) => allowed.has(method));
}
