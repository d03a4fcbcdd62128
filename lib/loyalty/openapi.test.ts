import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { registerLoyaltyPaths } from './openapi';

describe('registerLoyaltyPaths', () => {
  const registry = new OpenAPIRegistry();
  registerLoyaltyPaths(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'test', version: '1' } });

  it('documents every loyalty endpoint of SPEC.md with its methods', () => {
    const methods = Object.fromEntries(Object.entries(document.paths ?? {}).map(([path, item]) => [path, Object.keys(item ?? {}).sort()]));
    expect(methods).toEqual({
      '/loyalty/members': ['delete', 'post'],
      '/loyalty/registered-cards/{registeredCardId}': ['delete', 'get'],
      '/loyalty/activities/{loyaltyActivityId}': ['get'],
      '/locations/merchant-onboarding/loyalty/{onboardingReference}': ['get', 'post'],
      '/payments/test': ['post'],
    });
  });

  it('names the request and response shapes as components', () => {
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

  it('lists the onboarding decision errors partners must handle', () => {
    const responses = document.paths?.['/locations/merchant-onboarding/loyalty/{onboardingReference}']?.post?.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '422']));
  });
});
