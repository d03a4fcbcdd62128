import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sendWebResponse, toWebRequest } from './node-web';
import { allowedMethods, type RouteTable } from './route-table';
import { routeMatcher, type RouteMatch, type RouteParams } from './route-patterns';

/**
 * The partner-facing surfaces whose route handlers server.ts calls itself in production, without Next's page
 * pipeline: they are plain `(Request, { params }) => Response` functions and import nothing of Next. Pages, server
 * actions, the dashboard's streams, /docs and /api/auth stay with Next.
 */
export const FAST_PATH_SURFACES = ['connect', 'oauth', 'manage', '.well-known', 'healthz', 'readyz'] as const;
const SURFACE = new RegExp(`^/(?:${FAST_PATH_SURFACES.map((surface) => surface.replace('.', '\\.')).join('|')})(?:/|$)`);

type Handler = (request: Request, context: { params: Promise<RouteParams> }) => Response | Promise<Response>;
type RouteExports = Record<string, unknown>;

interface Route {
  file: string;
  exports: RouteExports;
  methods: readonly string[];
}

/** A header rule of the build's routes-manifest.json (next.config.js `headers()`, compiled by Next). */
interface HeaderRule {
  source: string;
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
}

export interface FastPathOptions {
  /** The app/ directory whose route.ts files are served. */
  appDir: string;
  /** The production build (`.next`), whose routes-manifest.json holds next.config.js's headers. */
  distDir: string;
  /** The origin Next gives handlers' request URLs (`http://localhost:<PORT>`); https when X-Forwarded-Proto says so. */
  origin: { hostname: string; port: number };
  /** Loads a route module (default: `import()`, which under tsx compiles the TypeScript source). */
  load?: (file: string) => Promise<RouteExports>;
  /** Runs before anything is written, e.g. the compression Next applies to every response. */
  decorate?: (request: IncomingMessage, response: ServerResponse) => void;
  onError?: (error: unknown, context: { file?: string; path?: string }) => void;
}

export interface FastPath {
  /** The methods of the non-catch-all routes, for the pre-checks' 405 with `Allow` (lib/http/request-guard.ts). */
  routes: RouteTable;
  /** The route patterns served, most specific first. */
  patterns: readonly string[];
  /** Serves `request` if it is one of the fast path's; false hands it on to Next, untouched. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

/**
 * The route handlers of the fast path's surfaces, as app-dir pattern → source file: the list is the build's own
 * (`app-paths-manifest.json`, which `next build` writes from the app/ tree), so what this server serves is exactly
 * what Next would, and the route files stay the only declaration. Each is loaded from its `route.ts` source in `appDir`.
 */
export function routesOfBuild(distDir: string, appDir: string): Map<string, string> {
  const manifestPath = path.join(distDir, 'server', 'app-paths-manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build at ${distDir}: ${manifestPath} is missing`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>;
  const found = new Map<string, string>();
  for (const page of Object.keys(manifest)) {
    if (!page.endsWith('/route')) continue;
    const pattern = page.slice(0, -'/route'.length);
    if (!SURFACE.test(pattern.replace(/\/\([^/]*\)/g, ''))) continue;
    const source = ['route.ts', 'route.js', 'route.mjs'].map((name) => path.join(appDir, pattern, name)).find((file) => existsSync(file));
    if (!source) throw new Error(`the build's route ${pattern} has no route file under ${appDir}: rebuild`);
    found.set(pattern, source);
  }
  return found;
}

/** The paths the build's proxy (proxy.ts) runs on: those stay with Next, which runs it. */
export function proxyMatchers(distDir: string): RegExp[] {
  const manifestPath = path.join(distDir, 'server', 'functions-config-manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { functions?: Record<string, { matchers?: { regexp: string }[] }> };
  return (manifest.functions?.['/_middleware']?.matchers ?? []).map((matcher) => new RegExp(matcher.regexp));
}

/** next.config.js's header rules as the build compiled them; ones this server cannot apply exactly are refused. */
export function headerRules(distDir: string): { regex: RegExp; headers: [string, string][] }[] {
  const manifestPath = path.join(distDir, 'routes-manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build at ${distDir}: ${manifestPath} is missing`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { headers?: HeaderRule[] };
  return (manifest.headers ?? []).map((rule) => {
    // Conditions on the request and parameters substituted into values are Next's to evaluate.
    if (rule.has?.length || rule.missing?.length || rule.headers.some((header) => /:[A-Za-z_]/.test(header.key + header.value))) {
      throw new Error(`next.config.js header rule for ${rule.source} uses conditions or parameters`);
    }
    return { regex: new RegExp(rule.regex), headers: rule.headers.map((header) => [header.key, header.value] as [string, string]) };
  });
}

// Paths Next answers with a redirect or normalizes before routing (repeated slashes, backslashes, a trailing slash,
// dot segments) and request targets not in origin form: left to Next, which answers them as it always did.
const LEFT_TO_NEXT = /\/\/|\\|\/(?:\.|%2e){1,2}(?:\/|$)|.\/$|#/i;

/**
 * Whether Next serves a route module as a plain dynamic handler, called on every request in this process (the
 * default for route handlers since Next 15). One it prerenders or caches (`dynamic = 'force-static'` or `'error'`,
 * `revalidate`, `generateStaticParams`, or listed in the build's prerender manifest) or runs elsewhere
 * (`runtime = 'edge'`) is left to Next.
 */
export function servableDirectly(exports: RouteExports, prerendered = false): boolean {
  return (
    !prerendered &&
    (exports.dynamic === undefined || exports.dynamic === 'auto' || exports.dynamic === 'force-dynamic') &&
    (exports.runtime === undefined || exports.runtime === 'nodejs') &&
    (exports.revalidate === undefined || exports.revalidate === 0) &&
    exports.generateStaticParams === undefined
  );
}

/** The paths the build prerendered (`/healthz`, `/connect/orders/[orderId]`), from its prerender-manifest.json. */
export function prerenderedRoutes(distDir: string): Set<string> {
  const manifestPath = path.join(distDir, 'prerender-manifest.json');
  if (!existsSync(manifestPath)) return new Set();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { routes?: object; dynamicRoutes?: object };
  return new Set([...Object.keys(manifest.routes ?? {}), ...Object.keys(manifest.dynamicRoutes ?? {})]);
}

/**
 * Loads every route module of the surfaces (in parallel, once, at start-up) and answers the fast path over them.
 * A module that fails to load, or that Next would not serve as a plain dynamic handler, is reported and left to Next.
 */
export async function createFastPath(options: FastPathOptions): Promise<FastPath> {
  const load = options.load ?? ((file: string) => import(pathToFileURL(file).href) as Promise<RouteExports>);
  const onError = options.onError ?? (() => {});
  const rules = headerRules(options.distDir);
  const proxied = proxyMatchers(options.distDir);
  const prerendered = prerenderedRoutes(options.distDir);
  const loaded = await Promise.all(
    [...routesOfBuild(options.distDir, options.appDir)].map(async ([pattern, file]) => {
      try {
        const exports = await load(file);
        const page = pattern.replace(/\/\([^/]*\)/g, '') || '/';
        if (servableDirectly(exports, prerendered.has(page))) return [pattern, { file, exports, methods: allowedMethods(exports) } satisfies Route] as const;
        onError(new Error(`${file} is prerendered, cached or not on Node.js: Next serves it`), { file });
      } catch (error) {
        onError(error, { file });
      }
      return undefined;
    }),
  );
  const matcher = routeMatcher(loaded.filter((entry) => entry !== undefined));
  // The pre-checks ask for a path's methods just before `serve` routes the same path: the match is kept until then.
  let last: { pathname: string; match: RouteMatch<Route> | undefined } | undefined;
  const match = (pathname: string) => (last?.pathname === pathname ? last : (last = { pathname, match: matcher.match(pathname) })).match;

  const routes: RouteTable = {
    allowedMethods(pathname) {
      const found = match(pathname);
      return found && !found.catchAll ? found.value.methods : undefined;
    },
  };

  async function dispatch(request: IncomingMessage, response: ServerResponse, pathname: string, route: Route, params: RouteParams) {
    const method = request.method ?? 'GET';
    const proto = String(request.headers['x-forwarded-proto'] ?? '').includes('https') ? 'https' : 'http';
    // As Next's server does before any handler runs: the x-forwarded-* fields a proxy would have set.
    request.headers['x-forwarded-host'] ??= request.headers.host ?? options.origin.hostname;
    request.headers['x-forwarded-port'] ??= String(options.origin.port);
    request.headers['x-forwarded-proto'] ??= proto;
    request.headers['x-forwarded-for'] ??= request.socket.remoteAddress;

    const handler = handlerFor(route.exports, method);
    const converted = toWebRequest(request, `${proto}://${options.origin.hostname}:${options.origin.port}${request.url}`, response);
    const webRequest = converted instanceof Promise ? await converted : converted;
    let answer: Response;
    try {
      answer = await handler(webRequest, { params: Promise.resolve(params) });
      if (!(answer instanceof Response)) throw new TypeError(`${route.file} ${method} did not return a Response`);
    } catch (error) {
      // Next logs the error and answers an empty 500; the handlers' own problem handling makes this rare.
      onError(error, { file: route.file, path: pathname });
      answer = new Response(null, { status: 500 });
    }
    await sendWebResponse(answer, response, method);
  }

  return {
    routes,
    patterns: matcher.patterns,
    serve(request, response) {
      const url = request.url ?? '';
      if (url[0] !== '/') return false;
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      if (!SURFACE.test(pathname) || LEFT_TO_NEXT.test(pathname)) return false;
      if (proxied.some((regex) => regex.test(pathname))) return false;
      const found = match(pathname);
      // A match is handed to one request only (its params become the handler's).
      last = undefined;
      if (!found) return false;
      // In Next's order: next.config.js's headers, then its compression and app-router headers, then the handler's.
      for (const rule of rules) if (rule.regex.test(pathname)) for (const [name, value] of rule.headers) response.setHeader(name, value);
      options.decorate?.(request, response);
      dispatch(request, response, pathname, found.value, found.params).catch((error: unknown) => {
        onError(error, { file: found.value.file, path: pathname });
        if (!response.headersSent) {
          response.statusCode = 500;
          response.end();
        } else response.destroy();
      });
      return true;
    },
  };
}

/** The handler for `method`, with what Next adds (next/dist/server/route-modules/app-route/helpers/auto-implement-methods). */
function handlerFor(exports: RouteExports, method: string): Handler {
  const own = exports[method];
  if (typeof own === 'function') return own as Handler;
  if (method === 'HEAD' && typeof exports.GET === 'function') return exports.GET as Handler;
  if (method === 'OPTIONS') {
    const allow = [...allowedMethods(exports)].sort().join(', ');
    return () => new Response(null, { status: 204, headers: { Allow: allow } });
  }
  return () => new Response(null, { status: 405 });
}
