import { describe, expect, it } from 'vitest';
import { api } from '@/app/connect/openapi.json/operations';
import { openApiDocument } from '@/lib/api-reference/openapi';

describe('the Loyalty operations', () => {
  const operations = api.operations.filter((operation) => operation.tags?.some((tag) => tag.startsWith('Loyalty')));
  const document = openApiDocument({ operations, webhooks: [] });

  it('are every loyalty endpoint of docs/domain.md#loyalty-endpoints with its methods', () => {
    const methods = Object.fromEntries(Object.entries(document.paths ?? {}).map(([path, item]) => [path, Object.keys(item ?? {}).sort()]));
    expect(methods).toEqual({
      '/loyalty/members': ['delete', 'post'],
      '/loyalty/registered-cards/{registeredCardId}': ['delete', 'get'],
      '/loyalty/activities/{loyaltyActivityId}': ['get'],
      '/locations/merchant-onboarding/loyalty/{onboardingReference}': ['get', 'post'],
      '/payments/test': ['post'],
    });
  });

  it('name the request and response shapes as components', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'RegisterMemberRequest',
        'RegisteredCard',
        'LoyaltyActivity',
        'MerchantOnboardingRequest',
        'MerchantOnboardingDecisionRequest',
        'CreateTestPaymentRequest',
        'TestPayment',
      ]),
    );
  });

  it('list the onboarding decision errors partners must handle', () => {
    const responses = document.paths?.['/locations/merchant-onboarding/loyalty/{onboardingReference}']?.post?.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '422']));
  });
});
