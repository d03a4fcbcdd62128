import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { registerSalesPaths } from '@/lib/sales/openapi';
import { registerTablesPaths } from './openapi';

describe('registerTablesPaths and registerSalesPaths', () => {
  const registry = new OpenAPIRegistry();
  registerTablesPaths(registry);
  registerSalesPaths(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'test', version: '1' } });

  it('documents every verb of both interfaces', () => {
    const verbs = Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(verbs.sort()).toEqual(
      [
        'delete /tables/{tableId}',
        'get /sales',
        'get /sales/{saleId}',
        'get /tables',
        'get /tables/{tableId}',
        'patch /sales/{saleId}',
        'patch /tables/{tableId}',
        'post /sales',
        'post /tables',
      ].sort(),
    );
  });

  it('names the Table and Sale components and the stale-version answer', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Table', 'TableList', 'Sale', 'SaleList', 'UpdateSaleRequest']));
    expect(document.paths?.['/sales/{saleId}']?.patch?.responses).toHaveProperty('412');
  });
});
