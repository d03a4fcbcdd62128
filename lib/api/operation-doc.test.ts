import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedOperation, type OperationDoc } from './operation-doc';

const body = z.object({ name: z.string() });
const query = z.object({ limit: z.coerce.number().optional() });
const doc: OperationDoc = { tags: ['Widgets'], summary: 'Create a widget', description: 'Any partner.', responses: { 201: { description: 'Created' } } };

describe('documentedOperation', () => {
  it('names the operation by the exported verb and the path of the route file', () => {
    const operation = documentedOperation('PATCH', '/widgets/{widgetId}', { doc });
    expect([operation.method, operation.path]).toEqual(['patch', '/widgets/{widgetId}']);
  });

  it('documents the very body and query schemas the declaration validates with, as JSON unless it accepts others', () => {
    const json = documentedOperation('POST', '/widgets', { body, query, doc });
    expect(json.request?.body?.content).toEqual({ 'application/json': { schema: body } });
    expect(json.request?.query).toBe(query);
    const patch = documentedOperation('PATCH', '/widgets', { body, contentTypes: ['application/merge-patch+json', 'application/json'], doc });
    expect(Object.keys(patch.request?.body?.content ?? {})).toEqual(['application/merge-patch+json', 'application/json']);
    const narrowed = documentedOperation('PATCH', '/widgets', {
      body,
      contentTypes: ['application/json', 'text/plain'],
      doc: { ...doc, contentTypes: ['application/json'] },
    });
    expect(Object.keys(narrowed.request?.body?.content ?? {})).toEqual(['application/json']);
    expect(documentedOperation('GET', '/widgets', { doc }).request?.body).toBeUndefined();
  });

  it('documents the body a handler validates itself by the doc’s schema', () => {
    const documented = z.union([body, z.object({ names: z.array(z.string()) })]);
    const operation = documentedOperation('POST', '/widgets', { body: z.unknown(), doc: { ...doc, body: documented } });
    expect(operation.request?.body?.content).toEqual({ 'application/json': { schema: documented } });
  });

  it('documents path parameters as plain strings with the names and descriptions the declaration gives them', () => {
    const params = z.object({ widgetId: z.string().min(1).max(100).describe('Widget id.'), part: z.string().min(1) });
    const documented = documentedOperation('GET', '/widgets/{widgetId}/{part}', { params, doc }).request?.params as z.ZodObject;
    expect(Object.keys(documented.shape)).toEqual(['widgetId', 'part']);
    expect(z.toJSONSchema(documented.shape.widgetId!)).toMatchObject({ type: 'string', description: 'Widget id.' });
    expect(z.toJSONSchema(documented.shape.widgetId!)).not.toHaveProperty('minLength');
    expect(z.globalRegistry.get(documented.shape.part!)).toBeUndefined();
  });

  it('answers the error statuses with the Problem component beside the documented responses', () => {
    const operation = documentedOperation('POST', '/widgets', { body, doc: { ...doc, errors: [400, 409] } });
    expect(Object.keys(operation.responses)).toEqual(['201', '400', '409']);
    expect(operation.responses[409]).toMatchObject({ content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
  });

  it('leads with tags, summary and description whatever order the doc lists them in', () => {
    const { summary, ...shared } = doc;
    const operation = documentedOperation('GET', '/widgets', { doc: { ...shared, deprecated: true, summary } });
    expect(Object.keys(operation)).toEqual(['method', 'path', 'tags', 'summary', 'description', 'deprecated', 'request', 'responses']);
  });

  it('refuses a declaration without a doc', () => {
    expect(() => documentedOperation('GET', '/widgets', {})).toThrow('GET /widgets: the route declaration has no doc');
  });
});
