import { describe, expect, it } from 'vitest';
import { api } from '@/app/connect/openapi.json/operations';
import { openApiDocument } from '@/lib/api-reference/openapi';

describe('the Ordering operations', () => {
  const document = openApiDocument({ operations: api.operations.filter((operation) => operation.tags?.includes('Ordering')), webhooks: [] });
  const paths = document.paths as Record<string, any>;
  const schemas = document.components!.schemas! as Record<string, any>;

  it('are the four ordering operations with their error responses', () => {
    expect(Object.keys(paths)).toEqual(['/orders', '/orders/{orderId}']);
    expect(Object.keys(paths['/orders'])).toEqual(['post', 'get']);
    expect(Object.keys(paths['/orders/{orderId}'])).toEqual(['get', 'patch']);
    expect(paths['/orders'].post.responses['409'].content['application/problem+json']).toBeDefined();
    expect(Object.keys(paths['/orders/{orderId}'].patch.requestBody.content)).toEqual(['application/merge-patch+json', 'application/json']);
    expect(paths['/orders'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'locationId',
      'status',
      'updatedSince',
      'limit',
      'cursor',
    ]);
  });

  it('name the order components', () => {
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Order', 'OrderV1_0', 'CreateOrderRequest', 'UpdateOrderRequest', 'OrderList', 'OrderItem', 'Money']),
    );
    expect(schemas.OrderList.properties.results.items).toEqual({ $ref: '#/components/schemas/Order' });
  });
});
