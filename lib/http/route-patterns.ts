/**
 * App-directory route patterns (`/connect/orders/[orderId]`, `/connect/[[...path]]`) matched against request paths
 * the way Next's router matches them: segment by segment on the percent-encoded path, a static segment only as
 * written (`/connect/%6Frders` is not `/connect/orders`), parameters decoded; where several routes match, the more
 * specific wins at the first segment they differ (static, then dynamic, then catch-all, then optional catch-all).
 */

type Segment =
  { kind: 'static'; text: string } | { kind: 'dynamic'; name: string } | { kind: 'catch-all'; name: string } | { kind: 'optional-catch-all'; name: string };

const RANK: Record<Segment['kind'], number> = { static: 0, dynamic: 1, 'catch-all': 2, 'optional-catch-all': 3 };

export type RouteParams = Record<string, string | string[]>;

export interface RouteMatch<T> {
  pattern: string;
  value: T;
  params: RouteParams;
  /** Whether the pattern ends in a catch-all segment (it answers a whole subtree). */
  catchAll: boolean;
}

export interface RouteMatcher<T> {
  match(pathname: string): RouteMatch<T> | undefined;
  readonly patterns: readonly string[];
}

/** `/connect/(partner)/orders/[orderId]` → segments; route groups `(name)` are not part of the URL. */
export function parsePattern(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment): Segment => {
      const optional = segment.match(/^\[\[\.\.\.([^\]]+)\]\]$/);
      if (optional) return { kind: 'optional-catch-all', name: optional[1]! };
      const catchAll = segment.match(/^\[\.\.\.([^\]]+)\]$/);
      if (catchAll) return { kind: 'catch-all', name: catchAll[1]! };
      const dynamic = segment.match(/^\[([^\]]+)\]$/);
      if (dynamic) return { kind: 'dynamic', name: dynamic[1]! };
      return { kind: 'static', text: segment };
    });
}

const endsInCatchAll = (segments: Segment[]) => segments.some((segment) => segment.kind !== 'static' && segment.kind !== 'dynamic');

/** Whether a pattern ends in a catch-all segment (it answers a whole subtree). */
export const isCatchAll = (pattern: string) => endsInCatchAll(parsePattern(pattern));

function bySpecificity(a: Segment[], b: Segment[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const left = a[index];
    const right = b[index];
    if (!left || !right) return left ? 1 : -1;
    const difference = RANK[left.kind] - RANK[right.kind];
    if (difference) return difference;
  }
  return 0;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(pattern: Segment[], parts: string[]): RouteParams | undefined {
  // The static segments decide most misses: compare them before any parameter is decoded.
  for (let index = 0; index < pattern.length; index++) {
    const segment = pattern[index]!;
    if (segment.kind === 'catch-all' || segment.kind === 'optional-catch-all') break;
    if (segment.kind === 'static' && segment.text !== parts[index]) return undefined;
  }
  const params: RouteParams = {};
  for (let index = 0; index < pattern.length; index++) {
    const segment = pattern[index]!;
    if (segment.kind === 'catch-all' || segment.kind === 'optional-catch-all') {
      const rest = parts.slice(index);
      if (!rest.length && segment.kind === 'catch-all') return undefined;
      if (rest.length) params[segment.name] = rest.map(safeDecode);
      return params;
    }
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.kind !== 'static') params[segment.name] = safeDecode(part);
  }
  return parts.length === pattern.length ? params : undefined;
}

/** Compiles `entries` (pattern → value) into a matcher; `pathname` is the request's path, still percent-encoded. */
export function routeMatcher<T>(entries: Iterable<readonly [string, T]>): RouteMatcher<T> {
  const routes = [...entries]
    .map(([pattern, value]) => {
      const segments = parsePattern(pattern);
      return { pattern, value, segments, catchAll: endsInCatchAll(segments) };
    })
    .sort((a, b) => bySpecificity(a.segments, b.segments));
  return {
    patterns: routes.map((route) => route.pattern),
    match(pathname) {
      const parts = pathname.split('/').filter(Boolean);
      for (const route of routes) {
        // Without a catch-all, a pattern matches paths of its own length only.
        if (!route.catchAll && route.segments.length !== parts.length) continue;
        const params = matchSegments(route.segments, parts);
        if (params) return { pattern: route.pattern, value: route.value, params, catchAll: route.catchAll };
      }
      return undefined;
    },
  };
}
