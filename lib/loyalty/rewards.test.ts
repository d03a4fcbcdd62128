import { describe, expect, it } from 'vitest';
import { capUnregisteredReward, isZeroAmountAuthorisation, preAccumulatedRewardAtSignUp, rewardEarned } from './rewards';
import { createTestPaymentRequestSchema, type PaymentType } from './schema';

describe('rewardEarned', () => {
  it.each([
    { name: 'a zero purchase', paymentType: 'PURCHASE', goodsAndServicesAmount: 0, reward: 0 },
    { name: 'a purchase under one currency unit', paymentType: 'PURCHASE', goodsAndServicesAmount: 99, reward: 0 },
    { name: 'a purchase of exactly one unit', paymentType: 'PURCHASE', goodsAndServicesAmount: 100, reward: 1 },
    { name: 'a purchase rounded down', paymentType: 'PURCHASE', goodsAndServicesAmount: 1999, reward: 19 },
    { name: 'a closed pre-authorisation', paymentType: 'CLOSE_PRE_AUTH', goodsAndServicesAmount: 500, reward: 5 },
    { name: 'an open pre-authorisation', paymentType: 'OPEN_PRE_AUTH', goodsAndServicesAmount: 500, reward: 0 },
    { name: 'a refund', paymentType: 'REFUND', goodsAndServicesAmount: 500, reward: 0 },
    { name: 'a void', paymentType: 'VOID', goodsAndServicesAmount: 500, reward: 0 },
    { name: 'a cash-out', paymentType: 'CASHOUT', goodsAndServicesAmount: 500, reward: 0 },
  ] satisfies { name: string; paymentType: PaymentType; goodsAndServicesAmount: number; reward: number }[])(
    '$name earns $reward',
    ({ paymentType, goodsAndServicesAmount, reward }) => {
      expect(rewardEarned({ paymentType, goodsAndServicesAmount })).toBe(reward);
    },
  );

  it.each([-1, 1.5, Number.NaN])('refuses an amount of %s cents', (goodsAndServicesAmount) => {
    expect(() => rewardEarned({ paymentType: 'PURCHASE', goodsAndServicesAmount })).toThrow(RangeError);
  });
});

describe('capUnregisteredReward', () => {
  it.each([
    { name: 'earning under the limit', accumulated: 10, earned: 5, limit: 50, result: 15 },
    { name: 'earning up to the limit exactly', accumulated: 45, earned: 5, limit: 50, result: 50 },
    { name: 'earning past the limit', accumulated: 45, earned: 20, limit: 50, result: 50 },
    { name: 'earning while already at the limit', accumulated: 50, earned: 7, limit: 50, result: 50 },
    { name: 'earning nothing', accumulated: 12, earned: 0, limit: 50, result: 12 },
    { name: 'a limit of zero', accumulated: 0, earned: 30, limit: 0, result: 0 },
    { name: 'no limit configured', accumulated: 1000, earned: 250, limit: null, result: 1250 },
    { name: 'a limit lowered below the balance', accumulated: 80, earned: 5, limit: 50, result: 50 },
  ])('$name → $result', ({ accumulated, earned, limit, result }) => {
    expect(capUnregisteredReward({ accumulated, earned, limit })).toBe(result);
  });

  it.each([
    { name: 'a negative accumulated reward', input: { accumulated: -1, earned: 0, limit: null }, field: 'accumulated' },
    { name: 'a fractional earned reward', input: { accumulated: 0, earned: 0.5, limit: null }, field: 'earned' },
    { name: 'a negative limit', input: { accumulated: 0, earned: 0, limit: -10 }, field: 'limit' },
    { name: 'an infinite limit', input: { accumulated: 0, earned: 0, limit: Number.POSITIVE_INFINITY }, field: 'limit' },
  ])('refuses $name', ({ input, field }) => {
    expect(() => capUnregisteredReward(input)).toThrow(new RegExp(`^${field} `));
  });
});

describe('carry-over of an unregistered customer’s reward', () => {
  /** Accumulates a series of purchases (in cents) the way successive unregistered payments do. */
  const accumulate = (purchases: number[], limit: number | null) =>
    purchases.reduce(
      (accumulated, goodsAndServicesAmount) =>
        capUnregisteredReward({ accumulated, earned: rewardEarned({ paymentType: 'PURCHASE', goodsAndServicesAmount }), limit }),
      0,
    );

  it.each([
    { name: 'purchases under the limit carry in full', purchases: [2000, 1550], limit: 50, preAccumulatedReward: 35 },
    { name: 'purchases past the limit carry the limit', purchases: [2000, 2500, 1000], limit: 50, preAccumulatedReward: 50 },
    { name: 'without a limit everything carries', purchases: [2000, 2500, 1000], limit: null, preAccumulatedReward: 55 },
    { name: 'no purchases carry nothing', purchases: [], limit: 50, preAccumulatedReward: 0 },
  ])('$name', ({ purchases, limit, preAccumulatedReward }) => {
    expect(preAccumulatedRewardAtSignUp({ accumulated: accumulate(purchases, limit), limit })).toBe(preAccumulatedReward);
  });

  it('holds the carried reward to a limit lowered before sign-up', () => {
    const accumulated = accumulate([4000], 50);
    expect(accumulated).toBe(40);
    expect(preAccumulatedRewardAtSignUp({ accumulated, limit: 25 })).toBe(25);
  });
});

describe('isZeroAmountAuthorisation', () => {
  it.each([
    { name: 'every amount zero', payment: { goodsAndServicesAmount: 0, tipAmount: 0, surchargeAmount: 0, cashoutAmount: 0 }, zero: true },
    { name: 'no amounts at all', payment: {}, zero: true },
    { name: 'goods and services', payment: { goodsAndServicesAmount: 1 }, zero: false },
    { name: 'only a tip', payment: { goodsAndServicesAmount: 0, tipAmount: 100 }, zero: false },
    { name: 'only a surcharge', payment: { surchargeAmount: 15 }, zero: false },
    { name: 'only cash-out', payment: { cashoutAmount: 2000 }, zero: false },
  ])('$name → $zero', ({ payment, zero }) => {
    expect(isZeroAmountAuthorisation(payment)).toBe(zero);
  });

  it('recognises a test payment that sends no amounts', () => {
    const payment = createTestPaymentRequestSchema.parse({ locationId: 'l', paymentType: 'PURCHASE', paymentSource: 'EFTPOS', memberId: null });
    expect(isZeroAmountAuthorisation(payment)).toBe(true);
  });
});
