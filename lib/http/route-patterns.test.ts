import { describe, expect, it } from 'vitest';
import { isCatchAll, routeMatcher } from './route-patterns';

describe('app-directory route patterns', () => {
  const matcher = routeMatcher(
    ['/connect/[[...path]]', '/connect/orders/[orderId]', '/connect/orders', '/connect/files/[...parts]', '/(internal)/healthz', '/connect/[section]/list'].map(
      (pattern) => [pattern, pattern] as const,
    ),
  );
  const match = (pathname: string) => {
    const found = matcher.match(pathname);
    return found && { pattern: found.value, params: found.params };
  };

  it('prefers static, then dynamic, then catch-all, then optional catch-all segments', () => {
    expect(matcher.patterns).toEqual([
      '/(internal)/healthz',
      '/connect/orders',
      '/connect/orders/[orderId]',
      '/connect/files/[...parts]',
      '/connect/[section]/list',
      '/connect/[[...path]]',
    ]);
    expect(match('/connect/orders')).toEqual({ pattern: '/connect/orders', params: {} });
    expect(match('/connect/orders/o1')).toEqual({ pattern: '/connect/orders/[orderId]', params: { orderId: 'o1' } });
    expect(match('/connect/tables/list')).toEqual({ pattern: '/connect/[section]/list', params: { section: 'tables' } });
    expect(match('/connect/orders/o1/x')).toEqual({ pattern: '/connect/[[...path]]', params: { path: ['orders', 'o1', 'x'] } });
  });

  it('matches an optional catch-all with no segment, a required one only with some', () => {
    expect(match('/connect')).toEqual({ pattern: '/connect/[[...path]]', params: {} });
    expect(match('/connect/files/a/b%20c')).toEqual({ pattern: '/connect/files/[...parts]', params: { parts: ['a', 'b c'] } });
    expect(match('/connect/files')).toEqual({ pattern: '/connect/[[...path]]', params: { path: ['files'] } });
    expect(match('/elsewhere')).toBeUndefined();
  });

  it('decodes parameters but matches static segments only as written; route groups are not in the URL', () => {
    expect(match('/connect/orders/a%2Fb')).toEqual({ pattern: '/connect/orders/[orderId]', params: { orderId: 'a/b' } });
    expect(match('/connect/%6Frders')).toEqual({ pattern: '/connect/[[...path]]', params: { path: ['orders'] } });
    expect(match('/healthz')).toEqual({ pattern: '/(internal)/healthz', params: {} });
    expect(isCatchAll('/connect/[[...path]]')).toBe(true);
    expect(isCatchAll('/connect/orders/[orderId]')).toBe(false);
  });
});
