import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { registerEventsPaths } from './openapi';

describe('events OpenAPI', () => {
  it('documents the catch-up feed, location status, the webhook and the management routes', () => {
    const registry = new OpenAPIRegistry();
    registerEventsPaths(registry);
    const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining(['/events', '/locations/{locationId}', '/manage/webhooks/{endpointId}/rotate-secret', '/manage/deliveries/{deliveryId}/replay']),
    );
    expect(Object.keys(document.webhooks ?? {})).toEqual(['event']);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Event', 'EventPage', 'LocationStatus', 'WebhookDelivery']));
  });
});
