import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

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
    const files = [...routeFiles(path.join(appDir, 'connect')), ...routeFiles(path.join(appDir, 'manage'))].filter(
      (file) => !file.includes('openapi.json'),
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
});
