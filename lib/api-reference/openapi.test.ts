import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetConfig } from '@/lib/config';
import { problemResponses } from '@/lib/api/problem-responses';
import { openApiDocument, type ApiDescription } from './openapi';

const widget = z.object({ id: z.string() }).meta({ id: 'Widget' });
const operation = (method: RouteConfig['method'], path: string): RouteConfig => ({
  method,
  path,
  summary: `${method} ${path}`,
  responses: { 200: { description: 'A widget', content: { 'application/json': { schema: widget } } }, ...problemResponses(401, 404) },
});
const description = (): ApiDescription => ({
  operations: [operation('post', '/widgets'), operation('get', '/widgets'), operation('get', '/manage/widgets/{widgetId}')],
  webhooks: [operation('post', 'widget')],
});

type Document = {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  paths: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

describe('openApiDocument', () => {
  afterEach(() => resetConfig());

  it('describes every interface’s versions, the aliases of the reference’s pinned versions and the media types read', () => {
    const { info } = openApiDocument(description()) as unknown as { info: { description: string } };
    expect(info.description).toContain('- Booking: 1.0 (default 1.0); 0.1 is answered as 1.0');
    expect(info.description).toContain('- Sales: 1.0 (default 1.0); 1.1 is answered as 1.0');
    expect(info.description).toContain('- Loyalty: 0.9 (default 0.9); 1.0 is answered as 0.9');
    expect(info.description).toContain('- Ordering: 1.0, 1.1 (default 1.0)');
    expect(info.description).toContain('`application/vnd.tyro.connect+json;version=1.0`');
  });

  it('is OpenAPI 3.1 with the partner API as its server and a bearer token as its security', () => {
    resetConfig({ PUBLIC_URL: 'https://hub.example.com' });
    const document = openApiDocument(description()) as unknown as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers.map((server) => server.url)).toEqual(['https://hub.example.com/connect']);
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('lists the operations in the order given, the webhooks apart, and the Problem component every error refers to', () => {
    const document = openApiDocument(description()) as unknown as Document;
    expect(Object.keys(document.paths)).toEqual(['/widgets', '/manage/widgets/{widgetId}']);
    expect(Object.keys(document.paths['/widgets']!)).toEqual(['post', 'get']);
    expect(Object.keys(document.webhooks)).toEqual(['widget']);
    expect(Object.keys(document.components.schemas)).toEqual(['Problem', 'Widget']);
  });

  it('serves the management paths from the root, not below /connect', () => {
    resetConfig({ PUBLIC_URL: 'https://hub.example.com' });
    const document = openApiDocument(description()) as unknown as Document;
    expect(document.paths['/manage/widgets/{widgetId}']!.servers).toEqual([{ url: 'https://hub.example.com', description: 'Management API' }]);
    expect(document.paths['/widgets']!.servers).toBeUndefined();
  });

  it('is generated once per description and PUBLIC_URL', () => {
    const api = description();
    resetConfig({ PUBLIC_URL: 'https://one.example.com' });
    const first = openApiDocument(api);
    expect(openApiDocument(api)).toBe(first);
    resetConfig({ PUBLIC_URL: 'https://two.example.com' });
    const second = openApiDocument(api) as unknown as Document;
    expect(second).not.toBe(first);
    expect(second.servers[0]!.url).toBe('https://two.example.com/connect');
  });
});
