import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eventTypes, resourcePaths } from '@/lib/events/event-types';
import {
  createTestPaymentRequestSchema,
  deregisterMemberCardRequestSchema,
  deregisterMemberRequestSchema,
  loyaltyActivityResponseSchema,
  loyaltyEventResources,
  merchantOnboardingDecisionRequestSchema,
  merchantOnboardingRequestResponseSchema,
  registeredCardResponseSchema,
  registerMemberRequestSchema,
  terminalDisplaySchema,
  testPaymentCustomer,
  testPaymentResponseSchema,
} from './schema';

/** Every violation as `path: message`, in the order zod reports them. */
function violations(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** Only the paths of the violations, sorted, for cases where zod's own wording does not matter. */
const violatedPaths = (schema: z.ZodType, input: unknown) =>
  violations(schema, input)
    .map((line) => line.slice(0, line.indexOf(':')))
    .sort();

describe('merchantOnboardingDecisionRequestSchema', () => {
  it.each([
    {
      name: 'APPROVE with a loyaltyProgramId',
      input: { action: 'APPROVE', loyaltyProgramId: 'gold-program' },
      output: { action: 'APPROVE', loyaltyProgramId: 'gold-program' },
    },
    {
      name: 'REJECT with a reason, trimmed',
      input: { action: 'REJECT', reason: '  Not eligible.  ' },
      output: { action: 'REJECT', reason: 'Not eligible.' },
    },
    // The reference: "An optional reason for the rejection".
    { name: 'REJECT without a reason', input: { action: 'REJECT' }, output: { action: 'REJECT' } },
    { name: 'REJECT with a blank reason, trimmed to nothing', input: { action: 'REJECT', reason: ' \n\t ' }, output: { action: 'REJECT', reason: '' } },
    { name: 'REJECT ignoring a loyaltyProgramId', input: { action: 'REJECT', loyaltyProgramId: 'gold-program' }, output: { action: 'REJECT' } },
    {
      name: 'APPROVE with a sign-up link',
      input: { action: 'APPROVE', loyaltyProgramId: 'gold-program', signUpUrl: 'https://rewards.example/join' },
      output: { action: 'APPROVE', loyaltyProgramId: 'gold-program', signUpUrl: 'https://rewards.example/join' },
    },
    {
      name: 'APPROVE drops a reason that only REJECT uses',
      input: { action: 'APPROVE', loyaltyProgramId: 'gold-program', reason: 'ignored' },
      output: { action: 'APPROVE', loyaltyProgramId: 'gold-program' },
    },
  ])('accepts $name', ({ input, output }) => {
    expect(merchantOnboardingDecisionRequestSchema.parse(input)).toEqual(output);
  });

  it.each([
    { name: 'no action', input: {}, expected: ['action: action must be one of APPROVE, REJECT'] },
    { name: 'an unknown action', input: { action: 'DEFER' }, expected: ['action: action must be one of APPROVE, REJECT'] },
    { name: 'a lower-case action', input: { action: 'approve', loyaltyProgramId: 'p' }, expected: ['action: action must be one of APPROVE, REJECT'] },
    {
      name: 'APPROVE without loyaltyProgramId',
      input: { action: 'APPROVE' },
      expected: ['loyaltyProgramId: loyaltyProgramId is required when action is APPROVE'],
    },
    {
      name: 'APPROVE with an empty loyaltyProgramId',
      input: { action: 'APPROVE', loyaltyProgramId: '' },
      expected: ['loyaltyProgramId: loyaltyProgramId is required when action is APPROVE'],
    },
    {
      name: 'APPROVE with a blank loyaltyProgramId',
      input: { action: 'APPROVE', loyaltyProgramId: '   ' },
      expected: ['loyaltyProgramId: loyaltyProgramId is required when action is APPROVE'],
    },
    {
      name: 'APPROVE with only a reason',
      input: { action: 'APPROVE', reason: 'why not' },
      expected: ['loyaltyProgramId: loyaltyProgramId is required when action is APPROVE'],
    },
    {
      name: 'APPROVE with a sign-up link that is not an http(s) URL',
      input: { action: 'APPROVE', loyaltyProgramId: 'gold-program', signUpUrl: 'javascript:alert(1)' },
      expected: ['signUpUrl: signUpUrl must be an http(s) URL'],
    },
  ])('rejects $name (400)', ({ input, expected }) => {
    expect(violations(merchantOnboardingDecisionRequestSchema, input)).toEqual(expected);
  });

  it.each([
    { name: 'a numeric reason', input: { action: 'REJECT', reason: 42 }, paths: ['reason'] },
    { name: 'a numeric loyaltyProgramId', input: { action: 'APPROVE', loyaltyProgramId: 7 }, paths: ['loyaltyProgramId'] },
    { name: 'a body that is not an object', input: 'APPROVE', paths: [''] },
    { name: 'a null body', input: null, paths: [''] },
  ])('rejects $name (400)', ({ input, paths }) => {
    expect(violatedPaths(merchantOnboardingDecisionRequestSchema, input)).toEqual(paths);
  });
});

describe('registerMemberRequestSchema', () => {
  const base = { origin: { memberId: 'member-1' }, locationId: 'cafe-on-main-street' };

  it.each([
    { name: 'a paymentId', input: { ...base, paymentId: '6940871887d8' } },
    { name: 'a memberReference', input: { ...base, memberReference: '8f5e6eac-4adb-4b4c-93c0-eb72fad3be35' } },
    { name: 'both, as the reference anyOf allows', input: { ...base, paymentId: 'p-1', memberReference: 'ref-1' } },
  ])('accepts $name', ({ input }) => {
    expect(registerMemberRequestSchema.parse(input)).toEqual(input);
  });

  it('drops fields it does not know, such as the older paymentSource', () => {
    expect(registerMemberRequestSchema.parse({ ...base, paymentId: 'p-1', paymentSource: 'EFTPOS' })).toEqual({ ...base, paymentId: 'p-1' });
  });

  it.each([
    { name: 'an empty body, every violation at once', input: {}, paths: ['locationId', 'origin', 'paymentId'] },
    { name: 'neither paymentId nor memberReference', input: base, paths: ['paymentId'] },
    { name: 'an origin without memberId', input: { ...base, origin: {}, paymentId: 'p' }, paths: ['origin.memberId'] },
    { name: 'an empty memberId', input: { ...base, origin: { memberId: '' }, paymentId: 'p' }, paths: ['origin.memberId'] },
    { name: 'a locationId over 50 characters', input: { ...base, locationId: 'l'.repeat(51), paymentId: 'p' }, paths: ['locationId'] },
    { name: 'an empty locationId', input: { ...base, locationId: '', paymentId: 'p' }, paths: ['locationId'] },
    { name: 'an empty paymentId', input: { ...base, paymentId: '' }, paths: ['paymentId'] },
    { name: 'a numeric memberReference', input: { ...base, memberReference: 5 }, paths: ['memberReference'] },
    {
      name: 'a missing memberId and a missing payment together',
      input: { origin: {}, locationId: 'l'.repeat(51) },
      paths: ['locationId', 'origin.memberId', 'paymentId'],
    },
  ])('rejects $name', ({ input, paths }) => {
    expect(violatedPaths(registerMemberRequestSchema, input)).toEqual(paths);
  });

  it('says which fields can satisfy the rule', () => {
    expect(violations(registerMemberRequestSchema, base)).toEqual(['paymentId: paymentId or memberReference is required']);
  });
});

describe.each([
  { schemaName: 'deregisterMemberRequestSchema', schema: deregisterMemberRequestSchema },
  { schemaName: 'deregisterMemberCardRequestSchema', schema: deregisterMemberCardRequestSchema },
])('$schemaName', ({ schema }) => {
  it('accepts an origin.memberId', () => {
    expect(schema.parse({ origin: { memberId: 'member-1' } })).toEqual({ origin: { memberId: 'member-1' } });
  });

  it.each([
    { name: 'no origin', input: {}, expected: ['origin: Invalid input: expected object, received undefined'] },
    { name: 'no memberId', input: { origin: {} }, expected: ['origin.memberId: origin.memberId is required'] },
    { name: 'an empty memberId', input: { origin: { memberId: '' } }, expected: ['origin.memberId: origin.memberId is required'] },
  ])('rejects $name', ({ input, expected }) => {
    expect(violations(schema, input)).toEqual(expected);
  });
});

describe('createTestPaymentRequestSchema', () => {
  const base = { locationId: 'tc-testlocation-2000', paymentType: 'PURCHASE', paymentSource: 'EFTPOS' } as const;
  const zeroAmounts = { goodsAndServicesAmount: 0, tipAmount: 0, surchargeAmount: 0, cashoutAmount: 0 };

  it.each([
    {
      name: 'a member payment, amounts defaulting to 0',
      input: { ...base, memberId: 'some-member-id', goodsAndServicesAmount: 100 },
      output: { ...base, ...zeroAmounts, goodsAndServicesAmount: 100, memberId: 'some-member-id', useNewCard: false },
    },
    {
      name: 'a member payment with a new card',
      input: { ...base, memberId: 'some-member-id', useNewCard: true },
      output: { ...base, ...zeroAmounts, memberId: 'some-member-id', useNewCard: true },
    },
    {
      name: 'a non-member payment (memberId null)',
      input: { ...base, memberId: null, goodsAndServicesAmount: 200, tipAmount: 50 },
      output: { ...base, ...zeroAmounts, goodsAndServicesAmount: 200, tipAmount: 50, memberId: null, useNewCard: false },
    },
    {
      name: 'a returning non-member',
      input: { ...base, memberReference: 'ab6775c4-b446-4cd7-b2b6-d4dae6e9563b', goodsAndServicesAmount: 300 },
      output: { ...base, ...zeroAmounts, goodsAndServicesAmount: 300, memberReference: 'ab6775c4-b446-4cd7-b2b6-d4dae6e9563b', useNewCard: false },
    },
    {
      name: 'a returning non-member with memberId null',
      input: { ...base, memberId: null, memberReference: 'ref-1' },
      output: { ...base, ...zeroAmounts, memberId: null, memberReference: 'ref-1', useNewCard: false },
    },
    {
      name: 'a terminal series, trimmed',
      input: { ...base, memberId: null, terminal: { series: ' PRO ' } },
      output: { ...base, ...zeroAmounts, memberId: null, useNewCard: false, terminal: { series: 'PRO' } },
    },
    {
      name: 'an ONLINE refund',
      input: { ...base, paymentType: 'REFUND', paymentSource: 'ONLINE', memberId: 'm', goodsAndServicesAmount: 5 },
      output: { ...base, ...zeroAmounts, paymentType: 'REFUND', paymentSource: 'ONLINE', memberId: 'm', goodsAndServicesAmount: 5, useNewCard: false },
    },
  ])('accepts $name', ({ input, output }) => {
    expect(createTestPaymentRequestSchema.parse(input)).toEqual(output);
  });

  it.each([
    { name: 'an empty body, every violation at once', input: {}, paths: ['locationId', 'memberId', 'paymentSource', 'paymentType'] },
    { name: 'no memberId and no memberReference', input: base, paths: ['memberId'] },
    { name: 'an unknown paymentType', input: { ...base, paymentType: 'SALE', memberId: null }, paths: ['paymentType'] },
    { name: 'an unknown paymentSource', input: { ...base, paymentSource: 'CASH', memberId: null }, paths: ['paymentSource'] },
    { name: 'a negative amount', input: { ...base, memberId: null, goodsAndServicesAmount: -1 }, paths: ['goodsAndServicesAmount'] },
    { name: 'a fractional amount', input: { ...base, memberId: null, tipAmount: 1.5 }, paths: ['tipAmount'] },
    { name: 'an amount over the 32-bit column', input: { ...base, memberId: null, cashoutAmount: 3_000_000_000 }, paths: ['cashoutAmount'] },
    { name: 'an amount as a string', input: { ...base, memberId: null, surchargeAmount: '10' }, paths: ['surchargeAmount'] },
    { name: 'an empty memberId', input: { ...base, memberId: '' }, paths: ['memberId'] },
    { name: 'a memberId and a memberReference', input: { ...base, memberId: 'm', memberReference: 'r' }, paths: ['memberReference'] },
    { name: 'useNewCard for a non-member', input: { ...base, memberId: null, useNewCard: true }, paths: ['useNewCard'] },
    { name: 'useNewCard for a returning non-member', input: { ...base, memberReference: 'r', useNewCard: true }, paths: ['useNewCard'] },
    { name: 'a blank terminal series', input: { ...base, memberId: null, terminal: { series: '  ' } }, paths: ['terminal.series'] },
    { name: 'a terminal without series', input: { ...base, memberId: null, terminal: {} }, paths: ['terminal.series'] },
    {
      name: 'many problems together',
      input: {
        ...base,
        locationId: 'l'.repeat(51),
        goodsAndServicesAmount: -5,
        cashoutAmount: 0.5,
        memberId: 'm',
        memberReference: 'r',
      },
      paths: ['cashoutAmount', 'goodsAndServicesAmount', 'locationId', 'memberReference'],
    },
  ])('rejects $name', ({ input, paths }) => {
    expect(violatedPaths(createTestPaymentRequestSchema, input)).toEqual(paths);
  });

  it.each([
    { name: 'a member', input: { memberId: 'm-1', useNewCard: true }, customer: { kind: 'MEMBER', memberId: 'm-1', useNewCard: true } },
    { name: 'a new non-member', input: { memberId: null }, customer: { kind: 'NEW_NON_MEMBER' } },
    { name: 'a returning non-member', input: { memberReference: 'ref-1' }, customer: { kind: 'RETURNING_NON_MEMBER', memberReference: 'ref-1' } },
    {
      name: 'a returning non-member with memberId null',
      input: { memberId: null, memberReference: 'ref-1' },
      customer: { kind: 'RETURNING_NON_MEMBER', memberReference: 'ref-1' },
    },
  ])('testPaymentCustomer identifies $name', ({ input, customer }) => {
    expect(testPaymentCustomer(createTestPaymentRequestSchema.parse({ ...base, ...input }))).toEqual(customer);
  });
});

describe('response schemas keep to the public shape', () => {
  const onboarding = {
    onboardingId: 'abc-123-ref',
    tcLocationId: 'tc-cafe-main-2000',
    status: 'IN_PROGRESS',
    locationDetails: { name: 'Cafe on Main Street', address: '1 Main Street', postcode: '2000', countryIsoCode: 'AUS', timezone: 'Australia/Sydney' },
    businessDetails: { abn: '12345678901', entityName: 'Cafe Holdings Pty Ltd', address: '1 Main Street', postcode: '2000', countryIsoCode: 'AUS' },
    integrations: [{ name: 'loyalty', status: 'PENDING' }],
  };
  const money = (amount: number) => ({ amount, currency: 'AUD' });
  const activity = {
    id: '99fdaa02-4cb4-4948-a79e-4b69e4008feb',
    locationId: 'e429f245',
    memberId: 'foo@bar.com',
    payment: {
      origin: { paymentId: 'e429f245-4dcb', paymentSource: 'EFTPOS' },
      type: 'PURCHASE',
      zonedDateTime: '2021-10-11T11:00:01+11:00',
      breakdown: { goodsAndServices: money(299), cashout: money(0), tip: money(0), surcharge: money(0) },
      total: money(299),
    },
    sale: null,
  };
  const card = { id: 'card-1', paymentId: 'pay-1', paymentSource: 'EFTPOS', origin: { memberId: 'foo@bar.com' }, preAccumulatedReward: 50 };

  it.each([
    {
      name: 'an onboarding request drops internal columns',
      schema: merchantOnboardingRequestResponseSchema,
      value: onboarding,
      internal: { merchantId: 'm-1', loyaltyProgramId: 'p' },
    },
    {
      name: 'a loyalty activity drops internal columns',
      schema: loyaltyActivityResponseSchema,
      value: activity,
      internal: { partnerId: 'pt-1', cardFingerprint: 'xyz' },
    },
    {
      name: 'a registered card never shows its fingerprint',
      schema: registeredCardResponseSchema,
      value: card,
      internal: { fingerprint: 'abc', lastFour: '1111', partnerId: 'pt-1' },
    },
  ])('$name', ({ schema, value, internal }) => {
    expect(schema.parse({ ...value, ...internal })).toEqual(value);
  });

  it.each(['PENDING', 'SUCCESS', 'REJECTED_BY_PARTNER'])('accepts integration status %s', (status) => {
    expect(() => merchantOnboardingRequestResponseSchema.parse({ ...onboarding, integrations: [{ name: 'loyalty', status }] })).not.toThrow();
  });

  it.each([
    {
      name: 'an onboarding status outside IN_PROGRESS and COMPLETED',
      schema: merchantOnboardingRequestResponseSchema,
      value: { ...onboarding, status: 'REJECTED' },
      paths: ['status'],
    },
    {
      name: 'an onboarding without businessDetails.abn',
      schema: merchantOnboardingRequestResponseSchema,
      value: { ...onboarding, businessDetails: { ...onboarding.businessDetails, abn: undefined } },
      paths: ['businessDetails.abn'],
    },
    {
      name: 'a negative preAccumulatedReward',
      schema: registeredCardResponseSchema,
      value: { ...card, preAccumulatedReward: -1 },
      paths: ['preAccumulatedReward'],
    },
    { name: 'a card paid from an unknown source', schema: registeredCardResponseSchema, value: { ...card, paymentSource: 'CASH' }, paths: ['paymentSource'] },
    {
      name: 'an activity time that is not RFC 3339',
      schema: loyaltyActivityResponseSchema,
      value: { ...activity, payment: { ...activity.payment, zonedDateTime: '11/10/2021 11:00' } },
      paths: ['payment.zonedDateTime'],
    },
    { name: 'an activity without sale', schema: loyaltyActivityResponseSchema, value: { ...activity, sale: undefined }, paths: ['sale'] },
  ])('refuses $name', ({ schema, value, paths }) => {
    expect(violatedPaths(schema, value)).toEqual(paths);
  });
});

describe('testPaymentResponseSchema', () => {
  const signUp = { type: 'SIGN_UP', memberReference: 'ref-1', signUpUrl: 'https://join.example/?memberReference=ref-1', message: 'Scan' };

  it.each([
    { name: 'a member payment', value: { paymentId: 'p-1', memberId: 'm-1', loyaltyActivityId: 'a-1' } },
    { name: 'a non-member payment with its sign-up display', value: { paymentId: 'p-1', memberReference: 'ref-1', terminalDisplay: signUp } },
    {
      name: 'a member payment with its reward display',
      value: { paymentId: 'p-1', memberId: 'm-1', terminalDisplay: { type: 'REWARD_EARNED', reward: 3, message: 'You earned 3 points.' } },
    },
  ])('accepts $name', ({ value }) => {
    expect(testPaymentResponseSchema.parse({ ...value, cardFingerprint: 'internal' })).toEqual(value);
  });

  it.each([
    { name: 'both memberId and memberReference', value: { paymentId: 'p-1', memberId: 'm', memberReference: 'r' }, paths: ['memberId'] },
    { name: 'neither memberId nor memberReference', value: { paymentId: 'p-1' }, paths: ['memberId'] },
    { name: 'no paymentId', value: { memberId: 'm' }, paths: ['paymentId'] },
    {
      name: 'a sign-up link that is not a URL',
      value: { paymentId: 'p', memberReference: 'r', terminalDisplay: { ...signUp, signUpUrl: 'join here' } },
      paths: ['terminalDisplay.signUpUrl'],
    },
  ])('refuses $name', ({ value, paths }) => {
    expect(violatedPaths(testPaymentResponseSchema, value)).toEqual(paths);
  });

  it.each([
    { name: 'an unknown display type', value: { type: 'ADVERT', message: 'x' }, paths: ['type'] },
    { name: 'a negative reward', value: { type: 'REWARD_EARNED', reward: -1, message: 'x' }, paths: ['reward'] },
    { name: 'a sign-up without memberReference', value: { ...signUp, memberReference: undefined }, paths: ['memberReference'] },
  ])('terminalDisplaySchema refuses $name', ({ value, paths }) => {
    expect(violatedPaths(terminalDisplaySchema, value)).toEqual(paths);
  });
});

describe('loyaltyEventResources', () => {
  it.each([
    { type: 'NEW_LOYALTY_ACTIVITY', path: 'loyalty/activities' },
    { type: 'NEW_REGISTERED_CARD', path: 'loyalty/registered-cards' },
    { type: 'NEW_ONBOARDING_REQUEST', path: 'locations/merchant-onboarding/loyalty' },
  ] as const)('points $type at the endpoint that returns it', ({ type, path }) => {
    expect(resourcePaths[loyaltyEventResources[type].resource]).toBe(path);
  });

  it.each([
    { type: 'NEW_LOYALTY_ACTIVITY', schema: loyaltyActivityResponseSchema },
    { type: 'NEW_REGISTERED_CARD', schema: registeredCardResponseSchema },
    { type: 'NEW_ONBOARDING_REQUEST', schema: merchantOnboardingRequestResponseSchema },
  ] as const)('gives $type the public schema of its resource', ({ type, schema }) => {
    expect(loyaltyEventResources[type].schema).toBe(schema);
  });

  it('covers every loyalty event type of docs/contract.md#event-types', () => {
    expect(Object.keys(loyaltyEventResources).sort()).toEqual(eventTypes.filter((type) => /LOYALTY|REGISTERED_CARD|ONBOARDING/.test(type)).sort());
  });
});
