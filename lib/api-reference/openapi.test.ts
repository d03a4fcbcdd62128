import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRegistry, openApiDocument } from './openapi';

const appDir = path.join(process.cwd(), 'app');

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** `app/connect/orders/[orderId]/route.ts` → `/orders/{orderId}` (partner paths are relative to the /connect server). */
function documentedPath(file: string): string {
  const route = path
    .dirname(path.relative(appDir, file))
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}'))
    .join('/');
  return route.startsWith('connect/') ? route.slice('connect'.length) : `/${route}`;
}

describe('OpenAPI document', () => {
  const document = openApiDocument() as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it('is OpenAPI 3.1 with the partner API as its server', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every method of every partner and management route', async () => {
    // The catch-all routes answer unknown paths with 404 and are no endpoint.
    const files = [...routeFiles(path.join(appDir, 'connect')), ...routeFiles(path.join(appDir, 'manage'))].filter(
      (file) => !file.includes('openapi.json') && !file.includes('[[...'),
    );
    const missing: string[] = [];
    for (const file of files) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
        if (typeof module[method] !== 'function') continue;
        const documented = document.paths[documentedPath(file)]?.[method.toLowerCase()];
        if (!documented) missing.push(`${method} ${documentedPath(file)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(files.length).toBeGreaterThan(20);
  });

  it('has a route for every documented operation', () => {
    const routes = new Set<string>();
    const files = [...routeFiles(path.join(appDir, 'connect')), ...routeFiles(path.join(appDir, 'manage'))];
    for (const file of files) routes.add(documentedPath(file));
    const orphans = Object.keys(document.paths).filter((documented) => !routes.has(documented));
    expect(orphans).toEqual([]);
  });

  it('documents each partner route with the very schemas its declaration validates with', async () => {
    type Declaration = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodObject };
    type RouteDefinition = {
      type: string;
      route: {
        method: string;
        path: string;
        request?: { body?: { content: Record<string, { schema: unknown }> }; query?: unknown; params?: z.ZodObject };
      };
    };
    const operations = new Map(
      (apiRegistry().definitions as RouteDefinition[])
        .filter((definition) => definition.type === 'route')
        .map(({ route }) => [`${route.method} ${route.path}`, route]),
    );
    const files = routeFiles(path.join(appDir, 'connect')).filter((file) => !file.includes('openapi.json') && !file.includes('[[...'));
    const drift: string[] = [];
    let compared = 0;
    for (const file of files) {
      const module = (await import(file)) as Record<string, { declaration?: Declaration } | undefined>;
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
        const declaration = module[method]?.declaration;
        if (!declaration) continue;
        compared++;
        const key = `${method.toLowerCase()} ${documentedPath(file)}`;
        const documented = operations.get(key)?.request;
        const bodies = Object.values(documented?.body?.content ?? {}).map((content) => content.schema);
        // A body the handler validates in its own step (declared as z.unknown()) is documented by its real schema.
        const validatesBodyItself = declaration.body?.def.type === 'unknown';
        if (declaration.body && !validatesBodyItself && !bodies.includes(declaration.body)) drift.push(`${key}: body`);
        if (!declaration.body && bodies.length) drift.push(`${key}: documents a body it does not take`);
        if (declaration.query !== documented?.query) drift.push(`${key}: query`);
        const declaredParams = Object.keys(declaration.params?.shape ?? {}).sort();
        const documentedParams = Object.keys(documented?.params?.shape ?? {}).sort();
        if (declaration.params && declaredParams.join() !== documentedParams.join()) drift.push(`${key}: path parameters`);
      }
    }
    expect(drift).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  });
});
