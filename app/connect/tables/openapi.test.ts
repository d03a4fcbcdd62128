import { describe, expect, it } from 'vitest';
import { api } from '@/app/connect/openapi.json/operations';
import { openApiDocument } from '@/lib/api-reference/openapi';

describe('the Tables and Sales operations', () => {
  const operations = api.operations.filter((operation) => operation.tags?.some((tag) => tag === 'Tables' || tag === 'Sales'));
  const document = openApiDocument({ operations, webhooks: [] });

  it('are every verb of both interfaces', () => {
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

  it('name the Table and Sale components and the stale-version answer', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Table', 'TableList', 'Sale', 'SaleList', 'UpdateSaleRequest']));
    expect(document.paths?.['/sales/{saleId}']?.patch?.responses).toHaveProperty('412');
  });
});
