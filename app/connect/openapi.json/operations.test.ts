import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeclaredRoute } from '@/lib/api/operation-doc';
import { api, apiDocument, documentedRoutes } from './operations';

const appDir = path.join(process.cwd(), 'app');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** `app/connect/orders/[orderId]/route.ts` → `/orders/{orderId}` (partner paths are relative to the /connect server). */
function pathOfFile(file: string): string {
  const route = path
    .dirname(path.relative(appDir, file))
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}'))
    .join('/');
  return route.startsWith('connect/') ? route.slice('connect'.length) : `/${route}`;
}

// The catch-all routes answer unknown paths with 404 and are no endpoint; the document is no operation of itself.
const endpointFiles = [...routeFiles(path.join(appDir, 'connect')), ...routeFiles(path.join(appDir, 'manage'))].filter(
  (file) => !file.includes('openapi.json') && !file.includes('[[...'),
);

/** Every verb every partner and management route file exports, as `METHOD path` by the file's place in app/. */
async function exportedRoutes(): Promise<Map<unknown, string>> {
  const exported = new Map<unknown, string>();
  for (const file of endpointFiles) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) if (typeof module[method] === 'function') exported.set(module[method], `${method} ${pathOfFile(file)}`);
  }
  return exported;
}

describe('the documented operations', () => {
  it('document every verb of every partner and management route, under the path of its file', async () => {
    const wrong: string[] = [];
    for (const [route, exported] of await exportedRoutes()) {
      const listed = documentedRoutes.filter((entry) => entry.route === route).map(({ path, method }) => `${method} ${path}`);
      if (listed.join() !== exported) wrong.push(`${exported} is listed as ${listed.join(' and ') || 'nothing'}`);
      if (!(route as Partial<DeclaredRoute>).declaration?.doc) wrong.push(`${exported} has no doc`);
    }
    expect(wrong).toEqual([]);
    expect(endpointFiles.length).toBeGreaterThan(20);
  });

  it('are each a verb a route file exports, listed once', async () => {
    const exported = await exportedRoutes();
    const orphans = documentedRoutes.filter(({ route }) => !exported.has(route)).map(({ path, method }) => `${method} ${path}`);
    expect(orphans).toEqual([]);
    const keys = documentedRoutes.map(({ path, method }) => `${method} ${path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('are the served document, path by path in the listed order', () => {
    const paths = apiDocument().paths ?? {};
    expect(Object.keys(paths)).toEqual([...new Set(documentedRoutes.map(({ path }) => path))]);
    for (const { path, method } of documentedRoutes) expect(paths[path], `${method} ${path}`).toHaveProperty(method.toLowerCase());
  });

  it('take the body, query and path parameters from the route declarations', () => {
    const drift: string[] = [];
    documentedRoutes.forEach(({ path, method, route: { declaration } }, index) => {
      const key = `${method} ${path}`;
      const { request } = api.operations[index]!;
      if (api.operations[index]!.path !== path) drift.push(`${key}: listed out of order`);
      // Only a handler that validates its body itself (declared as z.unknown()) names the body it documents.
      const validatesBodyItself = declaration.body?.def.type === 'unknown';
      if (validatesBodyItself !== Boolean(declaration.doc?.body)) drift.push(`${key}: a documented body beside the declared one`);
      const content = Object.entries(request?.body?.content ?? {});
      const accepted = declaration.body ? (declaration.contentTypes ?? ['application/json']) : [];
      if (declaration.body && !content.length) drift.push(`${key}: body not documented`);
      for (const [mediaType, media] of content) {
        if (!accepted.includes(mediaType)) drift.push(`${key}: documents ${mediaType}, which it refuses`);
        const documented = media && 'schema' in media ? media.schema : undefined;
        if (documented !== (validatesBodyItself ? declaration.doc?.body : declaration.body)) drift.push(`${key}: body schema`);
      }
      if (request?.query !== declaration.query) drift.push(`${key}: query`);
      const declared = Object.entries(declaration.params?.shape ?? {}).map(([name, schema]) => [name, z.globalRegistry.get(schema)?.description]);
      const documented = Object.entries((request?.params as z.ZodObject | undefined)?.shape ?? {}).map(([name, schema]) => {
        // Path parameters are documented as plain strings: the length limits a declaration checks stay the server's.
        if (!(schema instanceof z.ZodString) || schema.def.checks?.length) drift.push(`${key}: ${name} is not a plain string`);
        return [name, z.globalRegistry.get(schema)?.description];
      });
      expect(documented, key).toEqual(declared);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(declared.map(([name]) => name).sort(), `${key}: path parameters`).toEqual(inPath.sort());
    });
    expect(drift).toEqual([]);
  });
});
