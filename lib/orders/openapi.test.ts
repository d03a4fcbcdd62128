import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { registerOrderingPaths } from './openapi';

describe('registerOrderingPaths', () => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('schemas', 'Problem', { type: 'object' });
  registerOrderingPaths(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'Ordering', version: '1.1' } });
  const schemas = document.components!.schemas! as Record<string, any>;

  it('documents the four ordering operations with their error responses', () => {
    expect(Object.keys(document.paths!)).toEqual(['/orders', '/orders/{orderId}']);
    const paths = document.paths as Record<string, any>;
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

  it('names the order components', () => {
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Order', 'OrderV1_0', 'CreateOrderRequest', 'UpdateOrderRequest', 'OrderList', 'OrderItem', 'Money']),
    );
    expect(schemas.OrderList.properties.results.items).toEqual({ $ref: '#/components/schemas/Order' });
  });
});
