import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedMethods, routeTableOfBuild } from './route-table';

/** A build directory shaped like Next's: the manifest, and one CommonJS module per route exporting `routeModule`. */
function fakeBuild(routes: Record<string, string[] | 'broken'>): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'route-table-'));
  const manifest: Record<string, string> = { '/login/page': 'app/login/page.js' };
  for (const [page, methods] of Object.entries(routes)) {
    const file = `app${page}.js`;
    manifest[page] = file;
    mkdirSync(path.dirname(path.join(distDir, 'server', file)), { recursive: true });
    const handlers = methods === 'broken' ? '' : methods.map((method) => `${method}: () => new Response()`).join(', ');
    const source =
      methods === 'broken'
        ? `throw new Error('cannot load');`
        : `let userland; module.exports = { routeModule: { async ensureUserland() { userland = { ${handlers}, dynamic: 'force-dynamic' }; }, get userland() { return userland; } } };`;
    writeFileSync(path.join(distDir, 'server', file), source);
  }
  writeFileSync(path.join(distDir, 'server', 'app-paths-manifest.json'), JSON.stringify(manifest));
  return distDir;
}

describe('the route table of a build', () => {
  const distDir = fakeBuild({
    '/connect/orders/route': ['GET', 'POST'],
    '/connect/orders/[orderId]/route': ['GET', 'PATCH'],
    '/connect/locations/[locationId]/route': ['GET'],
    '/connect/locations/merchant-onboarding/loyalty/[onboardingReference]/route': ['GET', 'POST'],
    '/connect/[[...path]]/route': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    '/(internal)/healthz/route': ['GET'],
    '/oauth/token/route': ['POST'],
    '/manage/broken/route': 'broken',
  });
  const failures: string[] = [];
  const table = routeTableOfBuild(distDir, (_error, file) => failures.push(path.relative(distDir, file)));

  it('derives each route’s methods from its exports, with the HEAD and OPTIONS Next adds', async () => {
    expect(await table.allowedMethods('/connect/orders')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(await table.allowedMethods('/connect/orders/ord_1')).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH']);
    expect(await table.allowedMethods('/oauth/token')).toEqual(['OPTIONS', 'POST']);
  });

  it('matches static segments only as written, as Next does, and leaves route groups out of the URL', async () => {
    // Next routes `/connect/%6Frders` to the catch-all, not to `/connect/orders`.
    expect(await table.allowedMethods('/connect/%6Frders')).toBeUndefined();
    expect(await table.allowedMethods('/connect/orders/ord%5F1')).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH']);
    expect(await table.allowedMethods('/healthz')).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('prefers a static segment over a dynamic one, as Next does', async () => {
    expect(await table.allowedMethods('/connect/locations/loc_1')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(await table.allowedMethods('/connect/locations/merchant-onboarding/loyalty/ref_1')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  it('knows no route for pages, catch-alls and unknown paths, which Next answers itself', async () => {
    expect(await table.allowedMethods('/login')).toBeUndefined();
    expect(await table.allowedMethods('/connect/no/such/thing')).toBeUndefined();
    expect(await table.allowedMethods('/connect')).toBeUndefined();
  });

  it('reports a route module it cannot load and stays out of the way for that route', async () => {
    expect(await table.allowedMethods('/manage/broken')).toBeUndefined();
    expect(failures).toEqual([path.join('server', 'app', 'manage', 'broken', 'route.js')]);
  });

  it('is empty without a build', async () => {
    expect(await routeTableOfBuild(path.join(tmpdir(), 'no-such-build')).allowedMethods('/connect/orders')).toBeUndefined();
  });

  it('lists methods in a stable order', () => {
    expect(allowedMethods({ DELETE: () => {}, GET: () => {}, revalidate: 0 })).toEqual(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
  });
});
