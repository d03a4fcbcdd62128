import { describe, expect, it } from 'vitest';
import { api } from '@/app/connect/openapi.json/operations';
import { openApiDocument } from '@/lib/api-reference/openapi';

describe('the events operations', () => {
  it('are the catch-up feed, location status and availability, the webhook and the management routes of webhooks and deliveries', () => {
    const operations = api.operations.filter(
      ({ tags, path }) => tags?.includes('Events') || tags?.includes('Locations') || /^\/manage\/(webhooks|deliveries)\//.test(path),
    );
    const document = openApiDocument({ operations, webhooks: api.webhooks });
    expect(Object.keys(document.paths ?? {})).toEqual([
      '/events',
      '/locations/{locationId}',
      '/locations/{locationId}/availability',
      '/manage/webhooks/{endpointId}/rotate-secret',
      '/manage/webhooks/{endpointId}/replay',
      '/manage/deliveries/{deliveryId}',
      '/manage/deliveries/{deliveryId}/replay',
    ]);
    expect(Object.keys(document.webhooks ?? {})).toEqual(['event']);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Event', 'EventPage', 'LocationStatus', 'WebhookDelivery']));
  });
});
